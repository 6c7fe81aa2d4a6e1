import type { ListColumnSetting } from '@alumni/domain';

/** What column settings touch of a table column. */
interface SettableColumn {
  key?: unknown;
  width?: number | string;
  fixed?: unknown;
}

const keyOf = (column: SettableColumn) => String(column.key);
const sideRank = (fixed: unknown) => (fixed === 'left' || fixed === true ? 0 : fixed === 'right' ? 2 : 1);

/**
 * Every column's setting in the order the list shows them: the saved ones first, in their order
 * (a column no longer offered is dropped), then the columns the saved settings do not name yet, in
 * their defined order.
 */
export function effectiveSettings(columns: readonly SettableColumn[], saved: readonly ListColumnSetting[]): ListColumnSetting[] {
  const offered = new Set(columns.map(keyOf));
  const named = saved.filter((s) => offered.has(s.key));
  const known = new Set(named.map((s) => s.key));
  return [...named, ...columns.filter((c) => !known.has(keyOf(c))).map((c) => ({ key: keyOf(c) }))];
}

/**
 * The table's columns as the user set them: in their order with the hidden ones left out, each
 * with its width and side; columns pinned left come first and those pinned right last, as a
 * table with pinned columns needs.
 */
export function applyColumnSettings<C extends SettableColumn>(columns: readonly C[], saved: readonly ListColumnSetting[]): C[] {
  if (saved.length === 0) return [...columns];
  const byKey = new Map(columns.map((c) => [keyOf(c), c]));
  const shown = effectiveSettings(columns, saved).flatMap((s) => {
    const column = byKey.get(s.key);
    if (!column || s.hidden) return [];
    return [{ ...column, ...(s.width ? { width: s.width } : {}), ...(s.fixed ? { fixed: s.fixed } : {}) }];
  });
  return shown.map((c, i) => ({ c, i })).sort((a, b) => sideRank(a.c.fixed) - sideRank(b.c.fixed) || a.i - b.i).map(({ c }) => c);
}

/** Moves the column at `from` by `step` places (−1 up, +1 down); out of range changes nothing. */
export function moveColumn(settings: readonly ListColumnSetting[], from: number, step: number): ListColumnSetting[] {
  const to = from + step;
  if (from < 0 || from >= settings.length || to < 0 || to >= settings.length) return [...settings];
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Changes one column's setting; `undefined` values take the setting away (back to the defined one). */
export function changeColumn(settings: readonly ListColumnSetting[], key: string, change: Partial<Omit<ListColumnSetting, 'key'>>): ListColumnSetting[] {
  return settings.map((s) => {
    if (s.key !== key) return s;
    const next: ListColumnSetting = { ...s, ...change };
    for (const name of ['hidden', 'width', 'fixed'] as const) if (next[name] === undefined || next[name] === false) delete next[name];
    return next;
  });
}

/** How many data columns a row shows on a phone: its title fields, beside the ⋯ menu. */
export const PHONE_COLUMNS = 2;

/**
 * A phone's columns (decision 328): the first shown ones (the row's title fields, in the user's
 * order), unpinned and sharing the width, their text cut with an ellipsis.
 */
export function priorityColumns<C extends SettableColumn>(columns: readonly C[], count = PHONE_COLUMNS): C[] {
  return columns.slice(0, count).map((c) => ({ ...c, fixed: undefined, width: undefined, ellipsis: true }));
}
