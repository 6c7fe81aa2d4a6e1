import type { MenuNode } from '../api/menu';

/** How a path relates to the menu tree: a leaf's bare path redirects to its /index child. */
export type MenuMatch =
  | { kind: 'page'; menu: MenuNode }
  | { kind: 'redirect'; to: string }
  | { kind: 'none' };

/** A menu whose path is a web address or names an html page opens in the embedded-page route. */
export const isExternal = (path: string) => /^https?:\/\//.test(path) || path.includes('html');

/** `/myiframe/<code>` with the item's fields in the query string (src is the address to embed). */
export function iframeRoute(menu: Pick<MenuNode, 'id' | 'code' | 'name' | 'nameEn' | 'path'>): string {
  const query = new URLSearchParams({ name: menu.name, ...(menu.nameEn ? { nameEn: menu.nameEn } : {}), src: menu.path, code: menu.code });
  return `/myiframe/${encodeURIComponent(menu.code || menu.id)}?${query}`;
}

/** The leaf entries (pages) of a menu tree, depth first. */
export function menuLeaves(tree: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.children && node.children.length > 0) walk(node.children);
      else if (node.path && !isExternal(node.path)) out.push(node);
    }
  };
  walk(tree);
  return out;
}

export const leafRoute = (menu: MenuNode): string => `${menu.path.replace(/\/+$/, '')}/index`;

/** Where a leaf menu leads: its page, or the embedded-page route for a web address. */
export const menuRoute = (menu: MenuNode): string => (isExternal(menu.path) ? iframeRoute(menu) : leafRoute(menu));

export function matchMenuPath(tree: readonly MenuNode[], pathname: string): MenuMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const menu of menuLeaves(tree)) {
    const base = menu.path.replace(/\/+$/, '');
    if (path === base) return { kind: 'redirect', to: leafRoute(menu) };
    if (path === leafRoute(menu)) return { kind: 'page', menu };
  }
  return { kind: 'none' };
}

/** A menu's name in the interface language. */
export const menuName = (menu: Pick<MenuNode, 'name' | 'nameEn'>, lang: string): string =>
  lang === 'en' && menu.nameEn ? menu.nameEn : menu.name;
