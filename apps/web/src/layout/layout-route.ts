import { PageLoading } from '../components/PageLoading';
import { AppLayout } from './AppLayout';
import { loadMenus } from './load-menus';

/** The lazy part of the layout route: menus load before the shell renders. */
export const layoutRoute = { loader: loadMenus, Component: AppLayout, HydrateFallback: PageLoading };
