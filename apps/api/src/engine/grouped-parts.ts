/**
 * Grouped rows read in parts (ranges of a table's rows, each grouped on its own reader thread) put
 * back together as one grouped read would answer them: the rows of one group (the same `g0…` values)
 * add their sums and counts (`s…`, `n…`), the groups are ordered as SQLite orders their values and
 * cut at `limit`. A part cut at `limit` too loses nothing: a group among the first `limit` of the
 * whole is among the first `limit` of every part that holds it.
 */
export function mergeGroupedParts(
  parts: readonly Record<string, unknown>[][], groupCount: number, measureCount: number, limit: number,
): Record<string, unknown>[] {
  const groups = new Map<string, Record<string, unknown>>();
  const keyOf = (row: Record<string, unknown>) =>
    Array.from({ length: groupCount }, (_, i) => valueKey(row[`g${i}`])).join('\u0000');
  for (const rows of parts) {
    for (const row of rows) {
      const key = keyOf(row);
      const found = groups.get(key);
      if (!found) {
        groups.set(key, { ...row });
        continue;
      }
      for (let i = 0; i < measureCount; i += 1) {
        for (const name of [`s${i}`, `n${i}`]) found[name] = add(found[name], row[name]);
      }
    }
  }
  const order = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (let i = 0; i < groupCount; i += 1) {
      const c = compareSqlite(a[`g${i}`], b[`g${i}`]);
      if (c !== 0) return c;
    }
    return 0;
  };
  return [...groups.values()].sort(order).slice(0, limit);
}

/** A value's identity within a group key: its kind and text (1 and 1n are one value, '1' another). */
function valueKey(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint' || typeof value === 'number') return `n:${String(value)}`;
  return `t:${String(value)}`;
}

/** A sum of two parts: null when both are (SQLite's `sum` of no value), BigInt while both are. */
function add(a: unknown, b: unknown): unknown {
  if (a === null || a === undefined) return b;
  if (b === null || b === undefined) return a;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a + b;
  return Number(a) + Number(b);
}

const rank = (v: unknown) => (v === null || v === undefined ? 0 : typeof v === 'number' || typeof v === 'bigint' ? 1 : 2);

/** SQLite's order of values: nulls first, then numbers by value, then text by its UTF-8 bytes (BINARY). */
export function compareSqlite(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  if (ra === 1) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Buffer.compare(Buffer.from(String(a), 'utf8'), Buffer.from(String(b), 'utf8'));
}
