import type { ClientLog } from '../stores/log-store';
import { useLogStore } from '../stores/log-store';

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in the browser's time, the protocol's date-time form. */
export function formatTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Records an uncaught interface error locally, for the log dialog (and its upload). */
export function recordError(error: unknown, info = ''): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  const log: ClientLog = {
    type: 'error',
    url: window.location.href,
    message: err.message,
    stack: err.stack ?? '',
    info,
    time: formatTime(new Date()),
  };
  useLogStore.getState().add(log);
}
