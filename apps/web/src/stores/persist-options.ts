import { createJSONStorage, type PersistOptions } from 'zustand/middleware';
import { storageKey } from '../config';

/** Persistence of a store under the configured key prefix, in local or session storage. */
export function persistIn<S, P = Partial<S>>(
  name: string,
  where: 'local' | 'session',
  partialize?: (state: S) => P,
): PersistOptions<S, P> {
  return {
    name: storageKey(name),
    storage: createJSONStorage(() => (where === 'local' ? localStorage : sessionStorage)),
    ...(partialize ? { partialize } : {}),
  };
}
