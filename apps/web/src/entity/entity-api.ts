import { entityPath, type EntityDef, type Page } from '@alumni/domain';
import { getData, postData } from '../api/http';

/** A row as list and detail calls answer it. */
export type Row = Record<string, unknown> & { id: string };

export type QueryParams = Record<string, string | number | undefined>;

function pathOf(entity: EntityDef, call: 'page' | 'detail' | 'submit' | 'remove'): string {
  const path = entityPath(entity, call);
  if (!path) throw new Error(`${entity.name} has no ${call} call`);
  return path;
}

/**
 * A page of the entity's list: its paged list call (`page` where `list` answers a tree, see
 * `api.listShape`); `listPath` replaces the call's suffix (e.g. `parent-list`).
 */
export function fetchList(entity: EntityDef, params: QueryParams, listPath?: string): Promise<Page<Row>> {
  const url = listPath && entity.api ? `${entity.api.base}/${listPath}` : pathOf(entity, 'page');
  return getData<Page<Row>>(url, params);
}

/** One row: by `?id=`, or in the path where the call is `detail/:id` (registrations). */
export function fetchDetail(entity: EntityDef, id: string): Promise<Row> {
  const path = pathOf(entity, 'detail');
  return path.endsWith('/:id') ? getData<Row>(path.replace(/:id$/, encodeURIComponent(id))) : getData<Row>(path, { id });
}

/** Saves a row through `submit` (add or edit), or `update` (edit only: the fields sent change). */
export const submitRow = (entity: EntityDef, row: Record<string, unknown>, call: 'submit' | 'update' = 'submit'): Promise<Row> =>
  postData<Row>(call === 'update' ? `${entity.api?.base ?? ''}/update` : pathOf(entity, 'submit'), row);

export const removeRows = (entity: EntityDef, ids: readonly string[]): Promise<unknown> =>
  postData<unknown>(pathOf(entity, 'remove'), undefined, { ids: ids.join(',') });

/** One level of a tree entity (children of `parentId`, each with `hasChildren`), by the call `levelPath`. */
export const fetchLevel = (entity: EntityDef, levelPath: string, params: QueryParams): Promise<(Row & { hasChildren?: boolean })[]> =>
  getData<(Row & { hasChildren?: boolean })[]>(`${entity.api?.base ?? ''}/${levelPath}`, params);
