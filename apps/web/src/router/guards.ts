import { redirect, type LoaderFunctionArgs } from 'react-router';
import { clearLocalSession } from '../api/logout-local';
import { appConfig } from '../config';
import { hasToken } from '../stores/session-store';
import { loginPathFor, returnPathFrom } from './return-path';

/** A signed-in user going to /login is sent where its `redirect` names, else to /. */
export function guestOnly({ request }: LoaderFunctionArgs) {
  return hasToken() ? redirect(returnPathFrom(new URL(request.url).search)) : null;
}

/**
 * Routes behind the layout need a token; without one the session is dropped and /login follows,
 * carrying the address that was opened so the sign-in lands there (a bookmark, a to-do link).
 */
export function requireToken({ request }: LoaderFunctionArgs) {
  if (hasToken()) return null;
  clearLocalSession();
  const url = new URL(request.url);
  return redirect(loginPathFor(`${url.pathname}${url.search}${url.hash}`));
}

export const toHome = () => redirect(appConfig.homePath);
