const pad = (n: number) => String(n).padStart(2, '0');

/** "09:12" today, "yesterday"/"昨天", the weekday within a week, else the date; in the interface's language. */
export function receivedLabel(time: string | null | undefined, locale: string, today = new Date()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(time ?? '');
  if (!match) return '';
  const [, y, m, d, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
  const day = new Date(y, m - 1, d);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const daysAgo = Math.round((start.getTime() - day.getTime()) / 86_400_000);
  if (daysAgo <= 0) return `${pad(hh)}:${pad(mm)}`;
  if (daysAgo === 1) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day');
  if (daysAgo < 7) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(day);
  return `${y}-${pad(m)}-${pad(d)}`;
}
