import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuNode } from '../api/menu';
import { appConfig } from '../config';
import { menuName, menuRoute } from '../router/menu-match';
import { useMenuStore } from '../stores/menu-store';
import { useSettingsStore } from '../stores/settings-store';
import { MenuIcon } from './menu-icons';
import { menuThemeOf } from './themes';
import { useOpenRoute } from './use-open-route';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], lang: string): Item[] {
  return [...nodes]
    .sort((a, b) => a.sort - b.sort)
    .map((node): Item => {
      const label = menuName(node, lang);
      const icon = <MenuIcon name={node.source} />;
      if (node.children && node.children.length > 0) {
        return { key: `group:${node.id}`, label, icon, children: toItems(node.children, lang) };
      }
      return { key: menuRoute(node), label, icon };
    });
}

const groupKeys = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children && n.children.length > 0 ? [`group:${n.id}`, ...groupKeys(n.children)] : []));

/** The side menu, built from the server's menu tree (or the chosen top menu's part), with the home entry first. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const menus = useMenuStore((s) => s.sideMenus ?? s.menus);
  const theme = useSettingsStore((s) => s.theme);
  const { t, i18n } = useTranslation();
  const openRoute = useOpenRoute();
  const { pathname, search } = useLocation();

  const items = useMemo<Item[]>(
    () => [{ key: appConfig.homePath, label: t('menu.home'), icon: <MenuIcon name="HomeOutlined" /> }, ...toItems(menus, i18n.language)],
    [menus, i18n.language, t],
  );
  const defaultOpen = useMemo(() => groupKeys(menus), [menus]);

  return (
    <Menu
      key={menus.map((m) => m.id).join()}
      theme={menuThemeOf(theme)}
      mode="inline"
      items={items}
      selectedKeys={[pathname, `${pathname}${search}`]}
      defaultOpenKeys={collapsed ? [] : defaultOpen}
      onClick={({ key }) => {
        openRoute(key);
        onNavigate?.();
      }}
    />
  );
}
