import { storedFiles, type ListSpec } from './fields.js';

/** Between the cells of a list field's row in a sheet (a prize: 一等奖 | 手机 | 2). */
export const LIST_CELL_SEPARATOR = ' | ';

/**
 * A list field's rows as a sheet cell: one line per row, its columns in declared order joined by
 * ` | `; `cellOf` names each value (a dictionary key by its label).
 */
export function listText(spec: ListSpec, rows: readonly Record<string, unknown>[], cellOf: (column: string, value: unknown) => string): string {
  const columns = Object.keys(spec.columns);
  return rows.map((row) => columns.map((c) => (row[c] === null || row[c] === undefined ? '' : cellOf(c, row[c]).replaceAll('|', '｜'))).join(LIST_CELL_SEPARATOR)).join('\n');
}

/**
 * A sheet cell of a list field read back into rows (the columns in declared order, `keyOf` turning a
 * name into its stored value); JSON text is read as it is.
 */
export function parseListText(spec: ListSpec, text: string, keyOf: (column: string, cell: string) => string | undefined = (_c, cell) => cell): unknown[] | string {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return trimmed;
  const columns = Object.keys(spec.columns);
  return trimmed.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).map((line) => {
    const cells = line.split('|').map((c) => c.trim());
    return Object.fromEntries(columns.map((c, i) => {
      const cell = cells[i] ?? '';
      return [c, cell === '' ? null : keyOf(c, cell) ?? cell];
    }));
  });
}

/** A file-list field as a sheet cell: one link per line. */
export const filesText = (value: unknown): string => storedFiles(value).map((f) => f.link).join('\n');

/** A sheet cell of a file-list field read back: JSON as it is, else one link per line. */
export function parseFilesText(text: string): unknown[] | string {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return trimmed;
  return trimmed.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).map((link) => ({ link }));
}
