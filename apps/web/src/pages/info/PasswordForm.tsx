import { SHELL_MSG, type Lang } from '@alumni/domain';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { logoutLocally } from '../../api/logout-local';
import { updatePassword } from '../../api/shell';
import { toast } from '../../lib/feedback';
import { useFormSubmit } from './use-form-submit';
import { strongPasswordRule } from './validator-rules';

interface Passwords {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * Tab 2: change password (and the whole of the page a reset password leads to, `vertical` there).
 * The strength rule is checked here, as the server only sees the MD5.
 */
export function PasswordForm({ vertical = false }: { vertical?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<Passwords>();
  // 原密码不正确 and the like come from the server through the HTTP layer.
  const { busy, submit } = useFormSubmit(async ({ oldPassword, newPassword, newPassword1 }: Passwords) => {
    await updatePassword(oldPassword, newPassword, newPassword1);
    form.resetFields();
    // A password change ends every session of the account, this one too: sign in again with the new one.
    // The root's toast holder outlives the signed-in layout, so the note stays on the login page.
    toast.success(t('crud.opSuccess'));
    toast.info(t('shell.info.signInAgain'), 5);
    logoutLocally();
  }, { announce: false });

  return (
    <Form form={form} layout={vertical ? 'vertical' : 'horizontal'} labelCol={vertical ? undefined : { flex: '96px' }} style={{ maxWidth: 520 }} onFinish={(v) => void submit(v)}>
      <Form.Item name="oldPassword" label={t('shell.info.oldPassword')} rules={[{ required: true, message: SHELL_MSG.enterPassword[lang] }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('shell.info.newPassword')} rules={[{ required: true, message: SHELL_MSG.enterPassword[lang] }, strongPasswordRule(lang)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="newPassword1" label={t('shell.info.newPassword1')} rules={[{ required: true, message: SHELL_MSG.confirmPassword[lang] }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={vertical ? undefined : ' '} colon={false}>
        <Button type="primary" htmlType="submit" loading={busy} block={vertical}>{t('shell.info.submit')}</Button>
      </Form.Item>
    </Form>
  );
}
