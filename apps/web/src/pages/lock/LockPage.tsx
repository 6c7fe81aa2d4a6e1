import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/shell-texts';
import { Navigate } from 'react-router';
import { logoutRemote } from '../../api/auth';
import { logoutLocally } from '../../api/logout-local';
import { appConfig } from '../../config';
import { useLockStore } from '../../stores/lock-store';
import { useSessionStore } from '../../stores/session-store';
import './lock.css';

/** The lock screen: every route leads here until the lock password is typed. */
export default function LockPage() {
  const { t } = useTranslation();
  const locked = useLockStore((s) => s.locked);
  const user = useSessionStore((s) => s.user);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  // Unlocking re-renders this page unlocked: it then returns to the page where the lock was set.
  if (!locked) return <Navigate to={useLockStore.getState().returnTo || appConfig.homePath} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (useLockStore.getState().unlock(password)) return;
    setError(t('shell.lock.wrong'));
    setPassword('');
  };
  const logout = async () => {
    await logoutRemote().catch(() => undefined);
    logoutLocally();
  };

  return (
    <div className="lock-page">
      <form className="lock-card" onSubmit={submit} aria-label={t('shell.lock.locked')}>
        <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <h2>{user?.realName || user?.account}</h2>
        <p>{t('shell.lock.locked')}</p>
        <Input.Password
          autoFocus
          prefix={<LockOutlined />}
          placeholder={t('shell.lock.unlockPlaceholder')}
          aria-label={t('shell.lock.password')}
          value={password}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setError('');
          }}
        />
        {error && <div className="lock-error" role="alert">{error}</div>}
        <Button type="primary" htmlType="submit" block>{t('shell.lock.unlock')}</Button>
        <Button type="link" onClick={() => void logout()}>{t('shell.lock.logout')}</Button>
      </form>
    </div>
  );
}
