import { registerProblem, SHELL_MSG, type Lang, type RegisterForm } from '@alumni/domain';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/shell-texts';
import { ApiError } from '../../api/api-error';
import { registerGuest } from '../../api/shell';
import { clearLocalSession } from '../../api/logout-local';
import { appConfig } from '../../config';
import { useRegisterStore, type PendingRegistration } from '../../stores/register-store';

interface Values extends RegisterForm {
  name: string;
}

/**
 * The third-party register dialog; it cannot be closed. Its checks run in the specification's
 * order, each stopping at the first failure with a warning.
 */
function RegisterForm({ pending }: { pending: PendingRegistration }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [values, setValues] = useState<Values>({
    tenantId: appConfig.defaultTenantId, name: pending.name, account: pending.account, password: '', password2: '',
  });
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async () => {
    const problem = registerProblem(values, appConfig.tenantMode);
    if (problem) {
      void message.warning(SHELL_MSG[problem][lang]);
      return;
    }
    setBusy(true);
    try {
      await registerGuest({ ...values, oauthId: pending.oauthId });
      modal.success({
        title: t('crud.tip'),
        content: SHELL_MSG.registered[lang],
        okText: t('crud.ok'),
        onOk: () => {
          useRegisterStore.getState().clear();
          clearLocalSession();
        },
      });
    } catch (err) {
      // The HTTP layer already showed a server message; say 提交失败 when there was none.
      if (!(err instanceof ApiError) || !err.message) void message.error(SHELL_MSG.registerFailed[lang]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <Typography.Paragraph type="secondary">{t('shell.register.intro')}</Typography.Paragraph>
      {appConfig.tenantMode && (
        <Form.Item label={t('shell.register.tenantId')} htmlFor="register-tenant">
          <Input id="register-tenant" value={values.tenantId} onChange={set('tenantId')} />
        </Form.Item>
      )}
      <Form.Item label={t('shell.register.name')} htmlFor="register-name">
        <Input id="register-name" value={values.name} onChange={set('name')} />
      </Form.Item>
      <Form.Item label={t('shell.register.account')} htmlFor="register-account">
        <Input id="register-account" value={values.account} onChange={set('account')} />
      </Form.Item>
      <Form.Item label={t('shell.register.password')} htmlFor="register-password">
        <Input.Password id="register-password" value={values.password} onChange={set('password')} />
      </Form.Item>
      <Form.Item label={t('shell.register.password2')} htmlFor="register-password2">
        <Input.Password id="register-password2" value={values.password2} onChange={set('password2')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>{t('shell.register.submit')}</Button>
    </Form>
  );
}

export default function RegisterDialog({ pending }: { pending: PendingRegistration }) {
  const { t } = useTranslation();
  return (
    <App>
      <Modal open title={t('shell.register.title')} closable={false} maskClosable={false} keyboard={false} footer={null} width={440}>
        <RegisterForm pending={pending} />
      </Modal>
    </App>
  );
}
