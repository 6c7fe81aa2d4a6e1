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
