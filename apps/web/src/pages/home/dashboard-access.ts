import { useMemo } from 'react';
import { leafRoute, menuLeaves } from '../../router/menu-match';
import { useMenuStore } from '../../stores/menu-store';

/** What the signed-in user may see and open on the dashboard: menus by code, buttons by code, and links. */
export interface DashboardAccess {
  /** Whether the user holds any of these menus. */
  menu: (...codes: string[]) => boolean;
  /** Whether the user holds this button code. */
  button: (code: string) => boolean;
  /** The route of a menu's page with these filters in its address; null without the menu. */
  link: (code: string, filters?: Record<string, string | number | undefined>) => string | null;
}

/**
 * The menus whose holders may read each statistic of the dashboard: the menus of the page its figures
 * come from, as the server grants the call (access/route-grant.ts).
 */
export const STATISTIC_MENUS = {
  /** countSeats: the activity list's. */
  eventSeats: ['activity'],
  /** countCard: the alumni card list's. */
  alumniCards: ['alumnicard'],
} as const;

export function useDashboardAccess(): DashboardAccess {
  const menus = useMenuStore((s) => s.menus);
  const buttons = useMenuStore((s) => s.buttons);
  return useMemo(() => {
    const leaves = new Map(menuLeaves(menus).map((m) => [m.code, m]));
    return {
      menu: (...codes) => codes.some((c) => leaves.has(c)),
      button: (code) => buttons[code] === true,
      link: (code, filters = {}) => {
        const menu = leaves.get(code);
        if (!menu) return null;
        const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
        return query ? `${leafRoute(menu)}?${query}` : leafRoute(menu);
      },
    };
  }, [menus, buttons]);
}
