import { appConfig } from '../config';

export interface Tab {
  /** Route path with its query, the tab's identity. */
  value: string;
  /** i18n key (fixed pages) or the menu's name. */
  label: string;
  /** The menu's English name, when the label is a menu's. */
  labelEn?: string;
  /**
   * A menu page's path: such a page has one tab whatever its query (a list opened with other
   * filters takes over its tab), while other pages (a record's detail) get a tab per query.
   */
  page?: string;
}

export const HOME_TAB: Tab = { value: appConfig.homePath, label: 'menu.home' };

/** Adds a tab unless one with the same value (or the same menu page) is open: then that one is refreshed. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const at = tabs.findIndex((t) => t.value === tab.value || (tab.page !== undefined && t.page === tab.page));
  if (at < 0) return [...tabs, tab];
  const copy = [...tabs];
  copy[at] = { ...tabs[at], ...tab };
  return copy;
}

/**
 * Whether a tab may be closed: a lone tab never; the home tab not while the home page is pinned
 * (it is "not a normal first page", the default).
 */
export function isClosable(tabs: readonly Tab[], tab: Tab, isFirstPage: boolean = appConfig.isFirstPage): boolean {
  if (tabs.length <= 1) return false;
  return !(tab.value === HOME_TAB.value && !isFirstPage);
}

/** Closes a tab; when it was the active one, the previous tab (or the first) becomes active. */
export function closeTab(tabs: readonly Tab[], value: string, active: string): { tabs: Tab[]; active: string } {
  const at = tabs.findIndex((t) => t.value === value);
  const tab = tabs[at];
  if (!tab || !isClosable(tabs, tab)) return { tabs: [...tabs], active };
  const rest = tabs.filter((t) => t.value !== value);
  if (value !== active) return { tabs: rest, active };
  const next = rest[at - 1] ?? rest[0] ?? HOME_TAB;
  return { tabs: rest, active: next.value };
}

/** Keeps the current tab and the home tab. */
export function closeOtherTabs(tabs: readonly Tab[], current: string): Tab[] {
  const home = tabs.find((t) => t.value === HOME_TAB.value) ?? HOME_TAB;
  const kept = tabs.filter((t) => t.value === current && t.value !== HOME_TAB.value);
  return [home, ...kept];
}

/** Back to the home tab alone. */
export const closeAllTabs = (): Tab[] => [HOME_TAB];
