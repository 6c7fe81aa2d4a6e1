import { createElement, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * The portal's routing: its few fixed addresses under /portal on the browser's history, without a
 * routing library (the portal's first load stays small; see decision 254).
 */
export const BASE = '/portal';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
window.addEventListener('popstate', notify);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => window.location.pathname + window.location.search;

/** The current address (path and query); re-renders when it changes. */
export function useAddress(): { path: string; query: URLSearchParams } {
  const address = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(address, window.location.origin);
  return { path: url.pathname.replace(/\/+$/, '') || '/', query: url.searchParams };
}

/** How many portal screens lie behind this one in the tab's history (0 when it was opened from outside). */
const depth = (): number => (window.history.state as { portalDepth?: number } | null)?.portalDepth ?? 0;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace) window.history.replaceState({ portalDepth: depth() }, '', to);
  else window.history.pushState({ portalDepth: depth() + 1 }, '', to);
  window.scrollTo(0, 0);
  notify();
}

/** Back to the previous portal screen, or to `fallback` when this one was opened from outside (a link in a text). */
export function goBack(fallback: string): void {
  if (depth() > 0) window.history.back();
  else navigate(fallback, { replace: true });
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An anchor that moves inside the portal without reloading it (a modified click opens a new tab as usual). */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return createElement('a', { ...rest, href: to, onClick: follow });
}

/** Matches a path against a pattern such as `/portal/notice/:id`; answers the parameters or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) {
      if (!h) return null;
      params[w.slice(1)] = decodeURIComponent(h);
    } else if (w !== h) return null;
  }
  return params;
}
