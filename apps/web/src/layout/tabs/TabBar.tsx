import DownOutlined from '@ant-design/icons/DownOutlined';
import { App, Button, Dropdown, Select, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clearServerCache } from '../../api/shell';
import { appConfig } from '../../config';
import { isClosable } from '../../stores/tab-rules';
import { useTabsStore } from '../../stores/tabs-store';
import { queryClient } from '../query-client';
import { tabLabel } from './tab-label';
import { useTabTracking } from './use-tab-tracking';

/** The opened pages as tabs: close, close others, close all, a right-click menu, search and clear cache. */
export function TabBar() {
  useTabTracking();
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const tabs = useTabsStore((s) => s.tabs);
  const active = `${pathname}${search}`;

  const close = (value: string) => {
    const next = useTabsStore.getState().close(value, active);
    if (next !== active) void navigate(next);
  };
  const closeOthers = (current: string) => {
    useTabsStore.getState().closeOthers(current);
    if (current !== active) void navigate(current);
  };
  const closeAll = () => {
    useTabsStore.getState().closeAll();
    void navigate(appConfig.homePath);
  };
  const clearCache = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('shell.tabs.clearCacheConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await clearServerCache();
        queryClient.clear();
        void message.success(t('shell.tabs.cleared'));
      },
    });

  // The right-click menu renders inside the tab's label: a click on an entry must not also reach
  // the tab (which would activate it, and re-open it at the end once closed).
  const only = (action: () => void): MenuProps['onClick'] => ({ domEvent }) => {
    domEvent.stopPropagation();
    action();
  };
  const contextItems = (value: string): MenuProps['items'] => [
    { key: 'close', label: t('shell.tabs.close'), disabled: !isClosable(tabs, tabs.find((tab) => tab.value === value) ?? { value, label: '' }), onClick: only(() => close(value)) },
    { key: 'others', label: t('shell.tabs.closeOthers'), onClick: only(() => closeOthers(value)) },
    { key: 'all', label: t('shell.tabs.closeAll'), onClick: only(closeAll) },
  ];
  const moreItems: MenuProps['items'] = [
    { key: 'others', label: t('shell.tabs.closeOthers'), onClick: () => closeOthers(active) },
    { key: 'all', label: t('shell.tabs.closeAll'), onClick: closeAll },
    { type: 'divider' },
    { key: 'cache', label: t('shell.tabs.clearCache'), onClick: clearCache },
  ];

  return (
    <div className="app-tabs" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        onChange={(key) => void navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: isClosable(tabs, tab),
          label: (
            <Dropdown menu={{ items: contextItems(tab.value) }} trigger={['contextMenu']}>
              <span className="app-tab-label">{tabLabel(tab, t, i18n.language)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <div className="app-tabs-extra">
              <Select
                size="small"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('shell.tabs.search')}
                aria-label={t('shell.tabs.search')}
                className="app-tabs-search"
                value={null}
                options={tabs.map((tab) => ({ value: tab.value, label: tabLabel(tab, t, i18n.language) }))}
                onChange={(value: string) => void navigate(value)}
              />
              <Dropdown menu={{ items: moreItems }} trigger={['click']}>
                <Button size="small">
                  {t('shell.tabs.menu')} <DownOutlined />
                </Button>
              </Dropdown>
            </div>
          ),
        }}
      />
    </div>
  );
}
