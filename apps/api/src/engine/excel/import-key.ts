import type { ImportRule } from '@alumni/domain';

/** The natural key a row is found by: its fields and the row's values of them. */
export interface RowKey {
  fields: readonly string[];
  values: Record<string, unknown>;
}

const valueOf = (v: unknown) => (typeof v === 'string' ? v.trim() : v ?? null);
const filled = (v: unknown) => v !== null && v !== '';

/**
 * The key of a row (its values with the form's defaults): the declared key when the row fills
 * every field of it, else the fallback key when it fills that one; null when the row fills neither
 * (it can only be new, and matches no other row of the file).
 */
export function rowKey(rule: ImportRule | undefined, values: Record<string, unknown>): RowKey | null {
  for (const fields of [rule?.key ?? [], rule?.fallbackKey ?? []]) {
    if (fields.length === 0) continue;
    const keyValues = Object.fromEntries(fields.map((f) => [f, valueOf(values[f])]));
    if (fields.every((f) => filled(keyValues[f]))) return { fields, values: keyValues };
  }
  return null;
}
