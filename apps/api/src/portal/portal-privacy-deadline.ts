import { PRIVACY_DEADLINE_WORKING_DAYS } from '@alumni/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date a request made on `day` (yyyy-MM-dd) must be answered by: `workingDays` working days
 * after it, Saturdays and Sundays left out (decision 259: public holidays are not known to the
 * product, so the deadline shown is never later than the legal one is read to be).
 */
export function privacyDeadline(day: string, workingDays = PRIVACY_DEADLINE_WORKING_DAYS): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  let left = workingDays;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
