import { appConfig } from '../config';

/** The query parameter of the login page that names where to go once signed in. */
export const RETURN_PARAM = 'redirect';

/**
 * The login page's address for someone who opened `target` (path, query and hash) without a session:
 * after signing in they land there, not on the home page. The home page itself needs no parameter.
 */
export function loginPathFor(target: string): string {
  if (target === '/' || target === appConfig.homePath || target.startsWith(appConfig.loginPath)) return appConfig.loginPath;
  return `${appConfig.loginPath}?${RETURN_PARAM}=${encodeURIComponent(target)}`;
}

/**
 * Where a sign-in goes next: the login page's `redirect` when it is a path of this application, else `/`.
 * An absolute address, a protocol-relative `//host` or a `/\host` (which browsers read as `//host`) is
 * never followed, so a crafted link cannot send a fresh session to another site.
 */
export function returnPathFrom(search: string): string {
  const target = new URLSearchParams(search).get(RETURN_PARAM) ?? '';
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f]/.test(target) || target.startsWith(appConfig.loginPath)) return '/';
  return target;
}
