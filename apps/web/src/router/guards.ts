import { redirect } from 'react-router';
import { clearLocalSession } from '../api/logout-local';
import { appConfig } from '../config';
import { hasToken } from '../stores/session-store';

/** A signed-in user going to /login is sent to /. */
export function guestOnly() {
  return hasToken() ? redirect('/') : null;
}

/** Routes behind the layout need a token; without one the session is dropped and /login follows. */
export function requireToken() {
  if (hasToken()) return null;
  clearLocalSession();
  return redirect(appConfig.loginPath);
}

export const toHome = () => redirect(appConfig.homePath);
