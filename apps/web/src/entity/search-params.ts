import { isTextKind, viewFields, type EntityDef, type Field } from '@alumni/domain';
import type { QueryParams } from './entity-api';

export type SearchValues = Record<string, unknown>;

/** The address parameter that opens one record's view on its list page (`?view=<id>`); no filter. */
export const VIEW_PARAM = 'view';

/** The searchable fields of an entity, optionally limited to the given names. */
export function searchFields(entity: EntityDef, only?: readonly string[]): [string, Field][] {
  return Object.entries(viewFields(entity)).filter(([name, f]) => f.search && (!only || only.includes(name)));
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Search form values to list filters (PROTOCOL section 4): a bare name means "contains" for text
 * and "equals" otherwise, so only the other cases need a suffix.
 */
export function toQueryParams(entity: EntityDef, values: SearchValues): QueryParams {
  const params: QueryParams = {};
  for (const [name, field] of searchFields(entity)) {
    const value = values[name];
    if (empty(value)) continue;
    switch (field.search) {
      case 'like':
        params[isTextKind(field.kind) ? name : `${name}_like`] = String(value);
        break;
      case 'equal':
        params[isTextKind(field.kind) ? `${name}_equal` : name] = typeof value === 'number' ? value : String(value);
        break;
      case 'in':
        params[`${name}_in`] = Array.isArray(value) ? value.join(',') : String(value);
        break;
      case 'range':
        if (Array.isArray(value) && (field.kind === 'integer' || field.kind === 'money')) {
          const [from, to] = value as (number | null)[];
          if (from !== null && from !== undefined) params[`${name}_ge`] = from;
          if (to !== null && to !== undefined) params[`${name}_le`] = to;
        } else if (Array.isArray(value) && value.length === 2) {
          params[`${name}_dategt`] = String(value[0]);
          params[`${name}_datelt`] = String(value[1]);
        }
        break;
      default:
        break;
    }
  }
  return params;
}

/**
 * List filters written in a page's address (the list call's own names, as `toQueryParams` writes
 * them) back to search form values: a link can open a list already filtered, e.g.
 * `…/basicinfo/index?firstEnrollmentYear_ge=1990&firstEnrollmentYear_le=1999`. Names that are not
 * the entity's searchable filters (of `only`, when given) are ignored; date ranges stay text (`yyyy-MM-dd HH:mm:ss`).
 */
export function fromQueryParams(entity: EntityDef, params: URLSearchParams, only?: readonly string[]): SearchValues {
  const values: SearchValues = {};
  const read = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' ? undefined : value;
  };
  const number = (name: string) => {
    const value = read(name);
    return value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);
  };
  for (const [name, field] of searchFields(entity, only)) {
    switch (field.search) {
      case 'like': {
        const value = read(isTextKind(field.kind) ? name : `${name}_like`);
        if (value !== undefined) values[name] = value;
        break;
      }
      case 'equal': {
        const value = read(isTextKind(field.kind) ? `${name}_equal` : name);
        if (value !== undefined) values[name] = field.kind === 'flag' || field.kind === 'integer' ? Number(value) : value;
        break;
      }
      case 'in': {
        const value = read(`${name}_in`);
        if (value !== undefined) values[name] = value.split(',');
        break;
      }
      case 'range':
        if (field.kind === 'integer' || field.kind === 'money') {
          const range = [number(`${name}_ge`), number(`${name}_le`)];
          if (range.some((v) => v !== null)) values[name] = range;
        } else {
          const range = [read(`${name}_dategt`), read(`${name}_datelt`)];
          if (range[0] !== undefined && range[1] !== undefined) values[name] = range;
        }
        break;
      default:
        break;
    }
  }
  return values;
}

/** The column a list is sorted by, as its list call names it (`ascs` / `descs`). */
export interface ListSort {
  field: string;
  desc: boolean;
}

/** What a list shows: its filters, page, page size and sort, all kept in the page's address. */
export interface ListView {
  values: SearchValues;
  current: number;
  size: number;
  sort: ListSort | null;
}

export interface ListViewRules {
  /** The searchable fields offered (all when absent). */
  only?: readonly string[];
  /** The page size when the address names none or one not offered. */
  defaultSize: number;
  sizes: readonly number[];
  /** Fields the list may be sorted by. */
  sortable: readonly string[];
}

const PAGING = ['current', 'size', 'ascs', 'descs'] as const;
const FILTER_SUFFIXES = ['', '_like', '_equal', '_in', '_ge', '_le', '_dategt', '_datelt'];
const MAX_PAGE = 100_000;

/**
 * A list's view read from its page's address, in the list call's own names (`current`, `size`,
 * `ascs`/`descs` and the filters as `toQueryParams` writes them): a reload, back and forward and a
 * shared link open the same view. A page, size or sort the list does not offer is left out.
 */
export function readListView(entity: EntityDef, params: URLSearchParams, rules: ListViewRules): ListView {
  const page = Number(params.get('current'));
  const size = Number(params.get('size'));
  const asc = params.get('ascs');
  const desc = params.get('descs');
  const sortField = desc ?? asc;
  return {
    values: fromQueryParams(entity, params, rules.only),
    current: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    size: rules.sizes.includes(size) ? size : rules.defaultSize,
    sort: sortField && rules.sortable.includes(sortField) ? { field: sortField, desc: desc !== null } : null,
  };
}

/**
 * The address of a list's view: `base` (the page's other parameters kept) with the list's own
 * parameters replaced; the first page and the default size are left out, so an unfiltered list's
 * address stays bare.
 */
export function writeListView(entity: EntityDef, base: URLSearchParams, view: ListView, defaultSize: number): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of PAGING) next.delete(key);
  for (const [name] of searchFields(entity)) for (const suffix of FILTER_SUFFIXES) next.delete(`${name}${suffix}`);
  for (const [key, value] of Object.entries(toQueryParams(entity, view.values))) next.set(key, String(value));
  if (view.sort) next.set(view.sort.desc ? 'descs' : 'ascs', view.sort.field);
  if (view.current > 1) next.set('current', String(view.current));
  if (view.size !== defaultSize) next.set('size', String(view.size));
  return next;
}

/** The list call's sort parameter of a view. */
export function sortParams(sort: ListSort | null): QueryParams {
  return sort ? { [sort.desc ? 'descs' : 'ascs']: sort.field } : {};
}

/** The room a search control takes in a row of the form: a date range twice an ordinary one. */
const slotsOf = (field: Field) => (field.search === 'range' && field.kind !== 'integer' && field.kind !== 'money' ? 2 : 1);

/** How many of the fields, in order, fit in a row of `slots` ordinary controls (at least one). */
export function firstRowCount(fields: readonly Field[], slots: number): number {
  let used = 0;
  let count = 0;
  for (const field of fields) {
    used += slotsOf(field);
    if (used > slots && count > 0) break;
    count += 1;
  }
  return count;
}
