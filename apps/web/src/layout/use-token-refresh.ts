import { useEffect } from 'react';
import { refreshToken } from '../api/auth';
import { logoutLocally } from '../api/logout-local';
import { inTabLock, rereadSession, sessionStorageKey } from '../api/shared-session';
import { appConfig } from '../config';
import { useLockStore } from '../stores/lock-store';
import { useSessionStore } from '../stores/session-store';

let refreshing = false;

const isDue = (tokenTime: number): boolean => (Date.now() - tokenTime) / 1000 >= appConfig.tokenTime;

/**
 * The refresh of the browser's one session. The refresh token is single-use, so the tabs take
 * turns (a lock shared by the tabs); inside it the stored session is read again, and a tab finding
 * a pair another tab has just stored adopts it instead of spending a refresh token already spent.
 */
async function refreshShared(): Promise<void> {
  await inTabLock('token-refresh', async () => {
    await rereadSession();
    const { token, refreshToken: refresh, tenantId, tokenTime } = useSessionStore.getState();
    if (!token || !isDue(tokenTime)) return;
    const answer = await refreshToken(refresh, tenantId);
    useSessionStore.getState().signIn(answer);
  });
}

/**
 * Every 10 s: when the token's age reaches the token time, refresh it (one tab at a time). Tabs
 * follow each other through the stored session: a pair another tab stored is adopted at once, and
 * a sign-out in another tab signs this one out.
 */
export function useTokenRefresh(): void {
  useEffect(() => {
    const timer = window.setInterval(() => {
      const { token, tokenTime } = useSessionStore.getState();
      if (!token || refreshing || !isDue(tokenTime)) return;
      refreshing = true;
      refreshShared()
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
          useLockStore.getState().clear();
        });
    }, appConfig.tokenCheckIntervalMs);

    const key = sessionStorageKey();
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== null && event.key !== key)) return;
      // The storage was emptied, or the session removed: signed out elsewhere.
      if (event.key === null || event.newValue === null) {
        logoutLocally();
        return;
      }
      void rereadSession().then((token) => { if (!token) logoutLocally(); });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
