import { storageKey } from '../config';
import { useSessionStore } from '../stores/session-store';

/**
 * The session is one per browser: every tab reads and writes the same stored pair (localStorage).
 * A tab's copy in memory can fall behind when another tab refreshes; these helpers bring it level.
 */

/** Re-reads the stored session into this tab; answers the access token now held. */
export async function rereadSession(): Promise<string> {
  await useSessionStore.persist.rehydrate();
  return useSessionStore.getState().token;
}

/**
 * Whether another tab has stored a session other than the one a refused call was sent with: then
 * this tab now holds it (re-read) and the call is worth sending again.
 */
export async function storedSessionMoved(sentToken: string): Promise<boolean> {
  const now = await rereadSession();
  return now !== '' && now !== sentToken;
}

/**
 * Runs `work` while no other tab of this browser runs work under the same name (Web Locks). Where
 * the browser offers no locks (a page served over plain HTTP from another host), the work runs
 * at once: the re-read inside it and the retry of refused calls keep the tabs level.
 */
export function inTabLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return work();
  return locks.request(storageKey(name), () => work()) as unknown as Promise<T>;
}

/** The storage key the session is kept under. */
export const sessionStorageKey = (): string => useSessionStore.persist.getOptions().name ?? storageKey('session');
