/** What a route declares about itself (the `meta` of the specification). */
export interface RouteHandle {
  /** i18n key of the page title. */
  title?: string;
  /** False for the routes a signed-out visitor may see. */
  auth?: boolean;
  /** False for pages that do not open as a tab. */
  tab?: boolean;
}

export const isRouteHandle = (value: unknown): value is RouteHandle => typeof value === 'object' && value !== null;
