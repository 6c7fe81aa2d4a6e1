import { SHELL_MSG, type Lang } from '@alumni/domain';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { strongPasswordRule } from '../info/validator-rules';

/**
 * The password and its confirmation of a new user (as BladeX's user form has them), checked as the
 * password change checks them; shown only while adding. Left empty, the account gets the tenant's
 * initial password (parameter `account.initPassword`), as the hint says; the server checks again.
 */
export function NewUserPasswords() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const form = Form.useFormInstance();
  // The dialog puts the row's id into the form while editing: nothing to show then.
  const id = Form.useWatch('id', { form, preserve: true }) as unknown;
  if (id) return null;
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="password" label={t('admin.password')} extra={t('admin.passwordHint')} rules={[strongPasswordRule(lang)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="password2" label={t('admin.password2')} dependencies={['password']}
          rules={[({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              const password = String(getFieldValue('password') ?? '');
              const confirmation = String(value ?? '');
              if (password !== '' && confirmation === '') throw new Error(SHELL_MSG.confirmPassword[lang]);
              if (password !== confirmation) throw new Error(SHELL_MSG.newPasswordsDiffer[lang]);
            },
          })]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
    </Row>
  );
}
