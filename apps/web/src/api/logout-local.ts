import { appConfig } from '../config';
import { navigateTo } from '../lib/navigation';
import { useLockStore } from '../stores/lock-store';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { useTabsStore } from '../stores/tabs-store';

/** Forgets the session on this device: token, menus, tabs and lock. */
export function clearLocalSession(): void {
  useSessionStore.getState().clear();
  useMenuStore.getState().clear();
  useTabsStore.getState().clear();
  useLockStore.getState().clear();
}

export function logoutLocally(): void {
  clearLocalSession();
  if (window.location.pathname !== appConfig.loginPath) navigateTo(appConfig.loginPath);
}
