import { redirect } from 'react-router';
import { fetchButtons, fetchMenuRoutes } from '../api/menu';
import { appConfig } from '../config';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';

/** The token whose menus are in the store; menus are fetched once per sign-in and page load. */
let loadedFor: string | null = null;

/** Fetches the user's menu tree and button permissions into the store (after a role switch too). */
export async function reloadMenus(): Promise<void> {
  const token = useSessionStore.getState().token;
  const menus = await fetchMenuRoutes();
  useMenuStore.getState().setMenus(menus);
  useMenuStore.getState().setSideMenus('', null);
  useMenuStore.getState().setButtons(await fetchButtons());
  loadedFor = token;
}

/** Loader of the layout: the user's menu tree, then the button permissions. */
export async function loadMenus() {
  const { token, mustChangePassword } = useSessionStore.getState();
  if (!token) return null;
  // A reset password is changed first: the API refuses the menus until then (decision 237).
  if (mustChangePassword) return redirect(appConfig.forcedPasswordPath);
  if (loadedFor === token) return null;
  try {
    await reloadMenus();
    return null;
  } catch {
    // A 401 has already dropped the session; any other failure keeps the stored menus.
    return useSessionStore.getState().token ? null : redirect(appConfig.loginPath);
  }
}
