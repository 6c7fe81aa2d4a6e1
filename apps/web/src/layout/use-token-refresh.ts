import { useEffect } from 'react';
import { refreshToken } from '../api/auth';
import { appConfig } from '../config';
import { useLockStore } from '../stores/lock-store';
import { useSessionStore } from '../stores/session-store';

let refreshing = false;

/** Every 10 s: when the token's age reaches the token time, refresh it (once at a time). */
export function useTokenRefresh(): void {
  useEffect(() => {
    const timer = window.setInterval(() => {
      const { token, refreshToken: refresh, tenantId, tokenTime } = useSessionStore.getState();
      if (!token || refreshing) return;
      const ageSeconds = (Date.now() - tokenTime) / 1000;
      if (ageSeconds < appConfig.tokenTime) return;
      refreshing = true;
      refreshToken(refresh, tenantId)
        .then((answer) => useSessionStore.getState().signIn(answer))
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
          useLockStore.getState().clear();
        });
    }, appConfig.tokenCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, []);
}
