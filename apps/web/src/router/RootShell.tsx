import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { appConfig } from '../config';
import { useLockStore } from '../stores/lock-store';
import { useSessionStore } from '../stores/session-store';
import { setNavigate } from '../lib/navigation';
import { isRouteHandle } from './route-handle';

/** The root of every route: keeps the document title in step with the page, and holds the lock. */
export function RootShell() {
  const matches = useMatches();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const locked = useLockStore((s) => s.locked);
  const signedIn = useSessionStore((s) => s.token !== '');
  const mustChangePassword = useSessionStore((s) => s.mustChangePassword);

  useEffect(() => {
    setNavigate((to) => void navigate(to, { replace: true }));
  }, [navigate]);

  const last = matches[matches.length - 1];
  const titleKey = last && isRouteHandle(last.handle) ? last.handle.title : undefined;
  useEffect(() => {
    // Pages without a title key (menu pages) set the title themselves.
    if (titleKey) document.title = `${t(titleKey)} - ${t('app.title')}`;
  }, [titleKey, t, i18n.language]);

  // A `target` parameter opens the page in a new window; this one goes back where it was.
  const target = new URLSearchParams(search).has('target');
  useEffect(() => {
    if (!target) return;
    const query = new URLSearchParams(search);
    query.delete('target');
    const rest = query.toString();
    window.open(`${pathname}${rest ? `?${rest}` : ''}`, '_blank');
    if (window.history.length > 1) void navigate(-1);
    else void navigate(appConfig.homePath, { replace: true });
  }, [target, pathname, search, navigate]);

  // A reset password is changed first: every route leads to the change-password page (decision 237).
  if (signedIn && mustChangePassword && pathname !== appConfig.forcedPasswordPath) return <Navigate to={appConfig.forcedPasswordPath} replace />;
  // While the screen is locked, every route but the lock page leads to it.
  if (locked && signedIn && pathname !== appConfig.lockPath) return <Navigate to={appConfig.lockPath} replace />;
  return <Outlet />;
}
