import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Button } from 'antd';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginByAccount } from '../../api/auth';
import { appConfig } from '../../config';
import { returnPathFrom } from '../../router/return-path';
import { useLockStore } from '../../stores/lock-store';
import { useRegisterStore } from '../../stores/register-store';
import { useSessionStore } from '../../stores/session-store';
import { useSettingsStore } from '../../stores/settings-store';
import { useTabsStore } from '../../stores/tabs-store';
import './login.css';
import { LoginField } from './LoginField';
import { LoginFrame } from './LoginFrame';
import { validateLogin, type LoginErrors, type LoginValues } from './login-validation';
import { useCaptcha } from './use-captcha';

/** Loaded only when a social sign-in needs a local account, so the login page stays small. */
const RegisterDialog = lazy(() => import('./RegisterDialog'));

const FIELDS: readonly (keyof LoginValues)[] = [
  ...(appConfig.tenantMode ? (['tenantId'] as const) : []),
  'username',
  'password',
  ...(appConfig.captchaMode ? (['code'] as const) : []),
];

/** Sign-in with tenant, account, password and captcha. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const lang = useSettingsStore((s) => s.lang);
  const setLang = useSettingsStore((s) => s.setLang);
  const { captcha, refresh } = useCaptcha();
  const [values, setValues] = useState<LoginValues>({ tenantId: appConfig.defaultTenantId, username: '', password: '', code: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);
  const pendingRegistration = useRegisterStore((s) => s.pending);

  const set = (field: keyof LoginValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values, FIELDS, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await loginByAccount({
        tenantId: values.tenantId.trim(),
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha?.key ?? '',
        captchaCode: values.code.trim(),
      });
      useSessionStore.getState().signIn(answer);
      useTabsStore.getState().clear();
      useLockStore.getState().clear();
      await navigate(returnPathFrom(search), { replace: true });
    } catch {
      // The toast came from the HTTP layer; a captcha works once, so take a new one.
      setValues((v) => ({ ...v, code: '' }));
      refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <LoginFrame
        languageSwitch={(
          <button type="button" className="login-lang" onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
            {lang === 'zh' ? 'English' : '中文'}
          </button>
        )}
        logoMark={t('app.logoMark')}
        title={t('app.title')}
        subtitle={t('app.subtitle')}
        footer={t('login.footer')}
      >
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('login.title')}>
          {appConfig.tenantMode && (
            <LoginField name="tenantId" label={t('login.tenantId')} icon={<TeamOutlined />} value={values.tenantId} error={errors.tenantId} onChange={set('tenantId')} />
          )}
          <LoginField name="username" label={t('login.account')} icon={<UserOutlined />} value={values.username} error={errors.username} onChange={set('username')} />
          <LoginField name="password" type="password" label={t('login.password')} icon={<LockOutlined />} value={values.password} error={errors.password} onChange={set('password')} />
          {appConfig.captchaMode && (
            <LoginField name="code" label={t('login.captcha')} icon={<SafetyOutlined />} value={values.code} error={errors.code} maxLength={8} onChange={set('code')}>
              <button type="button" className="login-captcha" onClick={refresh} title={t('login.refreshCaptcha')}>
                {captcha && <img src={captcha.image} alt={t('login.captcha')} />}
              </button>
            </LoginField>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('login.submit')}
          </Button>
        </form>
      </LoginFrame>
      {pendingRegistration && (
        <Suspense fallback={null}>
          <RegisterDialog pending={pendingRegistration} />
        </Suspense>
      )}
    </>
  );
}
