import { useQuery } from '@tanstack/react-query';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchMenuRoutes, fetchTopMenus } from '../../api/menu';
import { menuName } from '../../router/menu-match';
import { useMenuStore } from '../../stores/menu-store';
import { MenuIcon } from '../menu-icons';

const HOME = 'home';

/** Home plus the server's top menus; choosing one reloads the side menu for it. */
export function TopMenu() {
  const { t, i18n } = useTranslation();
  const topMenuId = useMenuStore((s) => s.topMenuId);
  const setSideMenus = useMenuStore((s) => s.setSideMenus);
  const { data: tops = [] } = useQuery({ queryKey: ['top-menu'], queryFn: fetchTopMenus });

  const choose = async (key: string) => {
    if (key === HOME) {
      setSideMenus('', null);
      return;
    }
    setSideMenus(key, await fetchMenuRoutes(key));
  };

  return (
    <Menu
      className="top-menu"
      mode="horizontal"
      selectedKeys={[topMenuId || HOME]}
      onClick={({ key }) => void choose(key)}
      items={[
        { key: HOME, label: t('shell.top.home'), icon: <MenuIcon name="HomeOutlined" /> },
        ...tops.map((top) => ({ key: top.id, label: menuName(top, i18n.language), icon: <MenuIcon name={top.source} /> })),
      ]}
    />
  );
}
