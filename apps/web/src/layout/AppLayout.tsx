import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Drawer, Layout, theme as antdTheme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n/shell-texts';
import { Outlet, useLocation } from 'react-router';
import { useSettingsStore } from '../stores/settings-store';
import './layout.css';
import { queryClient } from './query-client';
import { SideMenu } from './SideMenu';
import { TabBar } from './tabs/TabBar';
import { DARK_COMPONENTS, darkTokens } from './theme-tokens';
import './themes.css';
import { TopBar } from './top/TopBar';
import { useErrorCapture } from './use-error-capture';
import { useScreen } from './use-screen';
import { useTokenRefresh } from './use-token-refresh';
import '../i18n/business-texts';

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="app-logo" title={t('app.title')}>
      <span className="app-logo-mark">{t('app.logoMark')}</span>
      {!collapsed && <span className="app-logo-text">{t('app.title')}</span>}
    </div>
  );
}

/** The signed-in shell: side menu (a drawer on a phone), top bar, tab bar and the page. */
export function AppLayout() {
  const collapsed = useSettingsStore((s) => s.collapsed);
  const setCollapsed = useSettingsStore((s) => s.setCollapsed);
  const theme = useSettingsStore((s) => s.theme);
  const color = useSettingsStore((s) => s.color);
  const screen = useScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const phone = screen === 0;
  useTokenRefresh();
  useErrorCapture();
  // The page scrolls inside the content area; a newly opened page starts at its top.
  const content = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    content.current?.scrollTo?.({ top: 0 });
  }, [pathname]);

  return (
    <QueryClientProvider client={queryClient}>
      {/* The dark theme darkens antd's own components too, not only the layout's palette, in colours that read on it. */}
      <ConfigProvider theme={theme === 'theme-dark' ? { algorithm: antdTheme.darkAlgorithm, token: darkTokens(color), components: DARK_COMPONENTS } : {}}>
        <App>
          <Layout className={`app-layout ${theme} screen-${screen}`} data-theme={theme} data-screen={screen}>
            {phone ? (
              <Drawer
                placement="left"
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                size={240}
                closable={false}
                className={`app-drawer ${theme}`}
                styles={{ body: { padding: 0 } }}
              >
                <Logo collapsed={false} />
                <SideMenu collapsed={false} onNavigate={() => setDrawerOpen(false)} />
              </Drawer>
            ) : (
              <Layout.Sider width={220} collapsed={collapsed} collapsedWidth={64} className="app-sider">
                <Logo collapsed={collapsed} />
                <SideMenu collapsed={collapsed} />
              </Layout.Sider>
            )}
            <Layout className="app-main">
              <Layout.Header className="app-header">
                <TopBar
                  collapsed={phone ? !drawerOpen : collapsed}
                  onToggle={() => (phone ? setDrawerOpen(!drawerOpen) : setCollapsed(!collapsed))}
                  screen={screen}
                />
              </Layout.Header>
              <TabBar />
              <Layout.Content className="app-content" ref={content}>
                <Outlet />
              </Layout.Content>
            </Layout>
          </Layout>
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
