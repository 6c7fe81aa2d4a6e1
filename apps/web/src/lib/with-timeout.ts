import { appConfig } from '../config';

export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkTimeoutError';
  }
}

/** Rejects a lazy page's load that has not finished within the chunk time-out (120 s). */
export function loadWithTimeout<T>(load: () => Promise<T>, ms: number = appConfig.chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkTimeoutError()), ms);
    load().then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
