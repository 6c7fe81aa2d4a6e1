import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { matchMenuPath } from '../../router/menu-match';
import { isRouteHandle } from '../../router/route-handle';
import { useMenuStore } from '../../stores/menu-store';
import { useTabsStore } from '../../stores/tabs-store';

/** Each visited page opens as a tab, unless its route says `tab: false`. */
export function useTabTracking(): void {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const menus = useMenuStore((s) => s.menus);
  const last = matches[matches.length - 1];
  const handle = last && isRouteHandle(last.handle) ? last.handle : undefined;

  useEffect(() => {
    if (handle?.tab === false || new URLSearchParams(search).has('target')) return;
    const value = `${pathname}${search}`;
    const open = useTabsStore.getState().open;
    if (handle?.title) {
      open({ value, label: handle.title });
      return;
    }
    if (pathname.startsWith('/myiframe/')) {
      const query = new URLSearchParams(search);
      open({ value, label: query.get('name') ?? pathname, labelEn: query.get('nameEn') ?? undefined });
      return;
    }
    const match = matchMenuPath(menus, pathname);
    if (match.kind === 'page') open({ value, label: match.menu.name, labelEn: match.menu.nameEn ?? undefined, page: pathname });
  }, [pathname, search, handle?.title, handle?.tab, menus]);
}
