import { percentile } from './closed-loop-load.js';

export interface CallTimes<T> { median: number; p95: number; times: number[]; last: T }

/** Times `iterations` calls one after another after `warmup` untimed ones: median and p95 in ms, and the last answer. */
export async function timeCalls<T>(iterations: number, call: () => Promise<T>, warmup = 2): Promise<CallTimes<T>> {
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < iterations + warmup; i++) {
    const t0 = performance.now();
    last = await call();
    if (i >= warmup) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95), times, last: last as T };
}
