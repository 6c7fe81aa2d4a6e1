import type { ComponentType } from 'react';
import { loadWithTimeout } from '../lib/with-timeout';

/** A route's lazy part: the page's module loads on first visit, failing after the chunk time-out. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const mod = await loadWithTimeout(load);
    return { Component: mod.default };
  };
}
