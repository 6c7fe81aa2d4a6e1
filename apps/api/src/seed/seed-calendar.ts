import { formatDateTime, now, parseDateTime } from '../core/time.js';

const DAY = 86_400_000;

/**
 * A moment `days` before the day the seed runs (day D), at a time of day (`HH:mm:ss`), in the
 * configured time zone. A moment of day D is never later than now.
 */
export function daysAgo(days: number, time: string): string {
  const stamp = `${formatDateTime(new Date(Date.now() - days * DAY)).slice(0, 10)} ${time}`;
  const current = now();
  return stamp > current ? current : stamp;
}

/** A `yyyy-MM-dd HH:mm:ss` moment moved by some hours (earlier when negative). */
export function shiftHours(stamp: string, hours: number): string {
  return formatDateTime(new Date(parseDateTime(stamp).getTime() + hours * 3_600_000));
}
