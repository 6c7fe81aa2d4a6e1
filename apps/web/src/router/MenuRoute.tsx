import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { NotBuiltPage } from '../pages/errors/NotBuiltPage';
import { menuPages } from '../pages/menu-pages';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { matchMenuPath, menuName } from './menu-match';

/** Routes built from the server's menu tree: `<path>` redirects to `<path>/index`, which shows the page. */
export default function MenuRoute() {
  const { pathname, search } = useLocation();
  const menus = useMenuStore((s) => s.menus);
  const signedIn = useSessionStore((s) => s.token !== '');
  const { t, i18n } = useTranslation();
  const match = matchMenuPath(menus, pathname);
  const title = match.kind === 'page' ? menuName(match.menu, i18n.language) : null;

  useEffect(() => {
    if (title) document.title = `${title} - ${t('app.title')}`;
  }, [title, t]);

  // Signed out (a 401 on this page): the way to /login is under way, the empty menus mean nothing.
  if (!signedIn) return null;
  if (match.kind === 'none') return <Navigate to="/404" replace />;
  // The query stays with the page (`?activityId=` opening the applicants of one activity).
  if (match.kind === 'redirect') return <Navigate to={`${match.to}${search}`} replace />;
  const Page = menuPages[match.menu.code];
  if (!Page) return <NotBuiltPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page key={match.menu.code} />
    </Suspense>
  );
}
