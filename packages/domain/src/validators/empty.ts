/**
 * The empty check the forms share: null, undefined, '' , [] and {} are empty;
 * numbers (even 0) and booleans (even false) are values someone chose.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}
