import { BASE_FIELDS, QUERYABLE_BASE_FIELDS, type EntityDef } from './entity.js';
import { isIdKind, isNumberKind, isTextKind, valueKind, type FieldKind } from './fields.js';
import { MSG } from './messages.js';
import { isId, validCalendarDate } from './schemas.js';
import { fill, type Lang, type Text } from './text.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './wire.js';

/** Filter operators of the protocol (PROTOCOL section 4); a bare name maps to `like` or `equal`. */
export const FILTER_OPS = [
  'equal', 'notequal', 'like', 'notlike', 'gt', 'lt', 'ge', 'le',
  'dategt', 'datege', 'dateequal', 'datelt', 'datele', 'null', 'notnull', 'in', 'ignore',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Condition {
  field: string;
  op: Exclude<FilterOp, 'ignore'>;
  /** Normalised value: string, number, list for `in`, null for the null checks. */
  value: string | number | (string | number)[] | null;
}

export interface Sort {
  field: string;
  desc: boolean;
}

export interface ListQuery {
  current: number;
  size: number;
  conditions: Condition[];
  sorts: Sort[];
}

export class QueryError extends Error {
  constructor(readonly text: Text, readonly values: Record<string, string>) {
    super(fill(text.en, values));
  }
  message_(lang: Lang) {
    return fill(this.text[lang], this.values);
  }
}

/** Query parameters every list understands besides filters. */
const PAGING_KEYS = new Set(['current', 'size', 'ascs', 'descs', '_t']);

const OP_SET = new Set<string>(FILTER_OPS);

function kindOf(entity: EntityDef, name: string): FieldKind | null {
  const field = entity.fields[name];
  // A secret is never a filter or a sort: a prefix search would spell it out a character at a time.
  if (field) return field.secret ? null : valueKind(field);
  if ((QUERYABLE_BASE_FIELDS as readonly string[]).includes(name)) return BASE_FIELDS[name as keyof typeof BASE_FIELDS].kind;
  return null;
}

const MAX_INT32 = 2_147_483_647;

const DATE_VALUE_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

function convert(kind: FieldKind, op: FilterOp, raw: string): string | number | null {
  if (op === 'like' || op === 'notlike') return raw;
  // Date operators, and any comparison of a date column, take a date (a bad one would reach SQL);
  // a date operator on a number or id column has no meaning.
  if (op.startsWith('date') && (isNumberKind(kind) || isIdKind(kind) || kind === 'money')) return null;
  if (op.startsWith('date') || kind === 'date' || kind === 'datetime') {
    return DATE_VALUE_RE.test(raw) && validCalendarDate(raw) ? (raw.length === 16 ? `${raw}:00` : raw) : null;
  }
  if (kind === 'money') {
    // An amount compares as a number with at most two decimals.
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) && Math.abs(n) < 1e13 ? n : null;
  }
  if (isNumberKind(kind)) {
    // Number fields are 32-bit integer columns: a fraction or a value outside them is no value of the field.
    const n = Number(raw);
    return raw.trim() !== '' && Number.isInteger(n) && Math.abs(n) <= MAX_INT32 ? n : null;
  }
  if (isIdKind(kind)) return isId(raw) ? raw : null;
  return raw;
}

/** The highest page a list call may ask for: far past any list, with every offset an exact integer. */
export const MAX_PAGE = 1_000_000_000;

/**
 * `current` (1-based) and `size` of a list call (PROTOCOL 4), absent ones defaulted; anything else —
 * not a whole number, below 1, a size over MAX_PAGE_SIZE or a page over MAX_PAGE — is a 400.
 */
export function parsePaging(query: Record<string, unknown>, defaultSize: number = DEFAULT_PAGE_SIZE): { current: number; size: number } {
  const current = query.current === undefined || query.current === '' ? 1 : Number(query.current);
  const size = query.size === undefined || query.size === '' ? defaultSize : Number(query.size);
  if (!Number.isInteger(current) || current < 1 || current > MAX_PAGE || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new QueryError(MSG.badPage, {});
  }
  return { current, size };
}

/** The last value of a query parameter as text (a repeated one counts once); absent or blank is undefined. */
function paramText(value: unknown, name: string): string | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === undefined || last === null) return undefined;
  if (typeof last !== 'string' && typeof last !== 'number') throw new QueryError(MSG.badFilterValue, { name });
  const text = String(last).trim();
  return text === '' ? undefined : text;
}

/**
 * A route's own date parameter (`yyyy-MM-dd`, optionally with a time, as a filter takes it): a day the
 * calendar has, or a 400 naming the parameter — `0000-00-00` or `2024-02-30` would reach SQL, where
 * PostgreSQL refuses it with a server error. Absent or blank answers undefined.
 */
export function dateQueryParam(value: unknown, name: string): string | undefined {
  const text = paramText(value, name);
  if (text === undefined) return undefined;
  const converted = convert('date', 'equal', text);
  if (typeof converted !== 'string') throw new QueryError(MSG.badFilterValue, { name });
  return converted;
}

/**
 * A route's own id parameter: a positive 64-bit integer, or a 400 naming the parameter — a longer
 * run of digits would overflow PostgreSQL's bigint with a server error. Absent or blank answers undefined.
 */
export function idQueryParam(value: unknown, name: string): string | undefined {
  const text = paramText(value, name);
  if (text === undefined) return undefined;
  if (!isId(text)) throw new QueryError(MSG.badFilterValue, { name });
  return text;
}

/**
 * A condition built by code from a parameter a route declares (a hook's `listParams`), checked as a
 * filter of the query string is: a value its field cannot hold is a 400 naming the parameter, so no
 * unchecked value reaches SQL (an id column of PostgreSQL refuses `x` with a server error).
 */
export function checkedCondition(entity: EntityDef, condition: Condition, param: string): Condition {
  const kind = kindOf(entity, condition.field);
  if (!kind || condition.value === null) return condition;
  const one = (v: string | number) => convert(kind, condition.op === 'in' ? 'equal' : condition.op, String(v));
  const value = Array.isArray(condition.value) ? condition.value.map(one) : one(condition.value);
  if (value === null || (Array.isArray(value) && value.some((v) => v === null))) throw new QueryError(MSG.badFilterValue, { name: param });
  return { ...condition, value: value as Condition['value'] };
}

/**
 * Reads a list call's query string against an entity: paging, sort and filters. Names that are
 * neither fields nor the `extra` names a route declares are refused, so nothing unchecked reaches SQL.
 */
export function parseListQuery(
  entity: EntityDef,
  query: Record<string, unknown>,
  extra: ReadonlySet<string> = new Set(),
): ListQuery {
  const { current, size } = parsePaging(query);
  const conditions: Condition[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (PAGING_KEYS.has(key) || extra.has(key)) continue;
    const raw = Array.isArray(rawValue) ? String(rawValue[rawValue.length - 1] ?? '') : String(rawValue ?? '');
    const cut = key.lastIndexOf('_');
    const suffix = cut > 0 ? key.slice(cut + 1) : '';
    const [name, op] = OP_SET.has(suffix) ? [key.slice(0, cut), suffix as FilterOp] : [key, null];
    const kind = kindOf(entity, name);
    if (!kind) throw new QueryError(MSG.unknownFilter, { name: key });
    const effective: FilterOp = op ?? (isTextKind(kind) ? 'like' : 'equal');
    if (effective === 'ignore') continue;
    if (effective === 'null' || effective === 'notnull') {
      conditions.push({ field: name, op: effective, value: null });
      continue;
    }
    if (raw === '') continue; // an empty search box filters nothing
    if (effective === 'in') {
      const parts = raw.split(',').map((s) => s.trim()).filter(Boolean);
      if (parts.length === 0) continue; // only blanks and commas: nothing to filter by
      const values = parts.map((p) => convert(kind, 'equal', p));
      if (values.some((v) => v === null) || values.length > 1000) throw new QueryError(MSG.badFilterValue, { name: key });
      conditions.push({ field: name, op: 'in', value: values as (string | number)[] });
      continue;
    }
    const value = convert(kind, effective, raw);
    if (value === null) throw new QueryError(MSG.badFilterValue, { name: key });
    conditions.push({ field: name, op: effective, value });
  }
  const sorts: Sort[] = [];
  for (const [param, desc] of [['ascs', false], ['descs', true]] as const) {
    const raw = query[param];
    if (raw === undefined || raw === '') continue;
    for (const name of String(raw).split(',').map((s) => s.trim()).filter(Boolean)) {
      if (!kindOf(entity, name)) throw new QueryError(MSG.unknownSort, { name });
      sorts.push({ field: name, desc });
    }
  }
  return { current, size, conditions, sorts };
}

/** The ids of a remove call (`ids=1,2,3`), or null when malformed. */
export function parseIds(raw: unknown): string[] | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const list = String(raw).split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || list.length > 1000 || list.some((s) => !isId(s))) return null;
  return [...new Set(list)];
}
