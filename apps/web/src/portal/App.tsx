import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Loading } from './components/controls';
import { Shell } from './components/Shell';
import { useT } from './i18n';
import HomePage from './pages/HomePage';
import LoginPage from './pages/LoginPage';
import { Link, match, navigate, useAddress } from './router';
import { useSession } from './session';

type Params = Record<string, string>;
interface Route { path: string; page: ComponentType<{ params: Params }>; open?: boolean }

// The sign-in and home screens come with the entry; the others load when first opened.
const ROUTES: Route[] = [
  { path: '/portal', page: HomePage },
  { path: '/portal/login', page: LoginPage, open: true },
  { path: '/portal/notices', page: lazy(() => import('./pages/NoticesPage')) },
  { path: '/portal/notice/:id', page: lazy(() => import('./pages/NoticePage')) },
  { path: '/portal/messages', page: lazy(() => import('./pages/MessagesPage')) },
  { path: '/portal/texts', page: lazy(() => import('./pages/TextsPage')) },
  { path: '/portal/surveys', page: lazy(() => import('./pages/SurveysPage')) },
  { path: '/portal/activities', page: lazy(() => import('./pages/ActivitiesPage')) },
  { path: '/portal/gifts', page: lazy(() => import('./pages/GiftsPage')) },
  { path: '/portal/privacy', page: lazy(() => import('./pages/PrivacyPage')) },
  { path: '/portal/card', page: lazy(() => import('./pages/CardPage')) },
  { path: '/portal/me', page: lazy(() => import('./pages/MePage')) },
  { path: '/portal/tickets', page: lazy(() => import('./pages/TicketPage')) },
  { path: '/portal/ticket/:id', page: lazy(() => import('./pages/TicketPage')) },
  { path: '/portal/kiosk/:activityId', page: lazy(() => import('./pages/KioskPage')) },
];

export function App() {
  const { path, query } = useAddress();
  const { token } = useSession();
  const found = ROUTES.map((route) => ({ route, params: match(route.path, path) })).find((one) => one.params !== null);
  const needsSignIn = !!found && !found.route.open && !token;

  // A screen for alumni only, opened signed out (a notice's link in a text): sign in first, then back here.
  useEffect(() => {
    if (needsSignIn) navigate(`/portal/login?next=${encodeURIComponent(path + (query.size ? `?${query}` : ''))}`, { replace: true });
  }, [needsSignIn, path, query]);

  if (!found) return <NotFound />;
  if (needsSignIn) return null;
  const Page = found.route.page;
  return (
    <Suspense fallback={<Shell><Loading /></Shell>}>
      <Page params={found.params ?? {}} />
    </Suspense>
  );
}

function NotFound() {
  const { t } = useT();
  return (
    <Shell back="/portal">
      <div className="p-card">
        <p>{t('common.unknownPage')}</p>
        <Link to="/portal" className="p-btn p-btn-primary">{t('common.toHome')}</Link>
      </div>
    </Shell>
  );
}
