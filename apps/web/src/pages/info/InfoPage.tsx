import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import './info.css';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** Personal info: the user's details, and the password change. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <div className="page-card">
      <Tabs
        items={[
          { key: 'info', label: t('shell.info.tabInfo'), children: <ProfileForm /> },
          { key: 'password', label: t('shell.info.tabPassword'), children: <PasswordForm /> },
        ]}
      />
    </div>
  );
}
