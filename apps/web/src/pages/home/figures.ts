/** How the dashboard writes its figures (DOMAIN 17.1). */

const grouped = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A sum of money in yuan (the API's two-decimal text): from ¥10,000 on, in Chinese in 万 with two
 * decimals (¥81.23万), in English whole yuan grouped by thousands (¥812,300); below, to the fen.
 */
export function formatYuan(amount: string | number | null | undefined, lang: string): string {
  const value = Number(amount ?? 0);
  if (!Number.isFinite(value)) return '¥0.00';
  if (Math.abs(value) < 10_000) return `¥${grouped(value, 2)}`;
  return lang === 'en' ? `¥${grouped(Math.round(value), 0)}` : `¥${grouped(value / 10_000, 2)}万`;
}

/** A count grouped by thousands. */
export const formatCount = (n: number | null | undefined): string => grouped(Number(n ?? 0), 0);

/** The part of the day a greeting names, by the hour: morning until noon, afternoon until six. */
export function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  return hour < 18 ? 'afternoon' : 'evening';
}

/** A share of a whole, as a percentage with one decimal (0 of an empty whole). */
export const percentOf = (part: number, whole: number): string => `${whole === 0 ? '0.0' : ((part / whole) * 100).toFixed(1)}%`;

/** The first and last moments of a `yyyy-MM` month, as the list filters take them. */
export function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01 00:00:00`, `${month}-${String(last).padStart(2, '0')} 23:59:59`];
}
