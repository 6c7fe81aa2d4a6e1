import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutRemote } from '../../api/auth';
import { logoutLocally } from '../../api/logout-local';
import { appConfig } from '../../config';
import { useFileUrl } from '../../lib/use-file-url';
import { useSessionStore } from '../../stores/session-store';

const SwitchDialog = lazy(() => import('./SwitchDialog'));

/** Avatar and name with the user's menu: dashboard, user info, switch department (switch mode), log out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const user = useSessionStore((s) => s.user);
  const avatar = useFileUrl(user?.avatar);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [switching, setSwitching] = useState(false);
  const name = user?.realName || user?.nickName || user?.userName || user?.account || '';

  const confirmLogout = () => {
    modal.confirm({
      title: t('crud.tip'),
      content: t('nav.logoutConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await logoutRemote().catch(() => undefined);
        logoutLocally();
      },
    });
  };

  const items: MenuProps['items'] = [
    { key: 'dashboard', icon: <DashboardOutlined />, label: t('shell.top.dashboard'), onClick: () => void navigate(appConfig.homePath) },
    { key: 'info', icon: <IdcardOutlined />, label: t('shell.top.userInfo'), onClick: () => void navigate('/info/index') },
    ...(appConfig.switchMode
      ? [{ key: 'switch', icon: <SwapOutlined />, label: t('shell.top.switchDept'), onClick: () => setSwitching(true) }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: confirmLogout },
  ];

  return (
    <>
      <Dropdown menu={{ items }} placement="bottomRight" trigger={['click', 'hover']}>
        <span className="user-menu" data-testid="user-menu">
          <Avatar size="small" src={avatar} icon={<UserOutlined />} alt={name} />
          {!compact && <span data-user-data>{name}</span>}
        </span>
      </Dropdown>
      {switching && (
        <Suspense fallback={null}>
          <SwitchDialog onClose={() => setSwitching(false)} />
        </Suspense>
      )}
    </>
  );
}
