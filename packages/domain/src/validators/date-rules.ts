/**
 * The two date-picker rules, as `disabledDate` predicates over a time in epoch milliseconds.
 * The first keeps the constant the specification gives (8.64e6 ms) rather than guessing what
 * was meant; see the decisions log.
 */
export const RECENT_PAST_MS = 8.64e6;
export const ONE_DAY_MS = 8.64e7;

/** Disables every date later than 8.64e6 ms before now. */
export function disabledAfterRecentPast(time: number, now: number = Date.now()): boolean {
  return time > now - RECENT_PAST_MS;
}

/** Disables every date before one day ago (so today and later stay selectable). */
export function disabledBeforeYesterday(time: number, now: number = Date.now()): boolean {
  return time < now - ONE_DAY_MS;
}
