import LockOutlined from '@ant-design/icons/LockOutlined';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import '../../i18n/shell-texts';
import { logoutRemote } from '../../api/auth';
import { logoutLocally } from '../../api/logout-local';
import { appConfig } from '../../config';
import { useSessionStore } from '../../stores/session-store';
import { PasswordForm } from './PasswordForm';
import './forced-password.css';

/**
 * The only page of a user whose password an administrator reset (decision 237): the password
 * change, or sign-out. Every other route leads here (RootShell) and the API refuses other calls.
 * A change signs out, and the new password signs in as usual.
 */
export default function ForcedPasswordPage() {
  const { t } = useTranslation();
  const must = useSessionStore((s) => s.mustChangePassword);
  const user = useSessionStore((s) => s.user);
  if (!must) return <Navigate to={appConfig.homePath} replace />;
  const logout = async () => {
    await logoutRemote().catch(() => undefined);
    logoutLocally();
  };
  return (
    <div className="forced-password-page">
      <section className="forced-password-card" aria-label={t('shell.forcedPassword.title')}>
        <h2><LockOutlined /> {t('shell.forcedPassword.title')}</h2>
        <p className="forced-password-user">{user?.realName || user?.account}</p>
        <Alert type="warning" showIcon title={t('shell.forcedPassword.reason')} />
        <PasswordForm vertical />
        <Button type="link" onClick={() => void logout()}>{t('shell.forcedPassword.logout')}</Button>
      </section>
    </div>
  );
}
