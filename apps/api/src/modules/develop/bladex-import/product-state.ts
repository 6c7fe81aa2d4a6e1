import { PLATFORM_TENANT } from '@alumni/domain';
import type { Db } from '../../../db/database.js';
import type { RowKind } from './import-types.js';

export const MAP_TABLE = 'app_bladex_import_map';
export const RUN_TABLE = 'app_bladex_import_run';

type Row = Record<string, unknown>;

export interface Mapped {
  targetId: string;
  /** 1: the import wrote the row; 0: it points at a row the product had. */
  created: boolean;
}

/** The product table of each kind of row. */
export const KIND_TABLES: Record<RowKind, string> = {
  tenant: 'blade_tenant', dept: 'blade_dept', post: 'blade_post', role: 'blade_role', menu: 'blade_menu',
  dict: 'blade_dict', dictBiz: 'blade_dict_biz', param: 'blade_param', user: 'blade_user',
};

const CHUNK = 500;
const str = (v: unknown): string => String(v);
const key = (...parts: unknown[]): string => parts.map(String).join('\u0000');

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Whether a text is an id this product can store: a positive 64-bit integer. */
export const isStorableId = (id: string | null | undefined): id is string =>
  !!id && /^[1-9]\d{0,18}$/.test(id) && BigInt(id) <= 9223372036854775807n;

/**
 * What the planner needs to know of the product: the rows earlier runs of this source wrote or
 * pointed at, the rows the product has that BladeX rows may match (role aliases, post codes,
 * accounts, menus, dictionaries, parameters, scopes), and which BladeX ids are already taken.
 */
export class ProductState {
  readonly mapping = new Map<RowKind, Map<string, Mapped>>();
  /** Current rows the import created, by kind and product id (snake_case columns). */
  readonly current = new Map<RowKind, Map<string, Row>>();
  /** BladeX ids already used in the product table of a kind. */
  readonly taken = new Map<RowKind, Set<string>>();
  tenants = new Map<string, string>();
  rolesByAlias = new Map<string, string>();
  postsByCode = new Map<string, string>();
  usersByAccount = new Map<string, string>();
  menus: { id: string; code: string; path: string; category: number }[] = [];
  scopeData: { id: string; menuId: string; scopeType: string; scopeColumn: string }[] = [];
  scopeApi: { id: string; menuId: string; scopePath: string }[] = [];
  dicts: { id: string; code: string; dictKey: string; dictValue: string }[] = [];
  dictBiz: { id: string; tenantId: string; code: string; dictKey: string; dictValue: string }[] = [];
  params = new Map<string, { id: string; value: string }>();
  roleMenus = new Map<string, Set<string>>();
  roleScopes = new Map<string, Set<string>>();

  mapped(kind: RowKind, sourceId: string): Mapped | undefined {
    return this.mapping.get(kind)?.get(sourceId);
  }

  /** Product ids the import created for a kind (rows the natural-key matches must not count as the product's own). */
  ours(kind: RowKind): Set<string> {
    return new Set([...(this.mapping.get(kind)?.values() ?? [])].filter((m) => m.created).map((m) => m.targetId));
  }

  static roleKey = (tenantId: string, alias: string) => key(tenantId, alias);
  static postKey = (tenantId: string, code: string) => key(tenantId, code);
  static userKey = (tenantId: string, account: string) => key(tenantId, account);
  static paramKey = (tenantId: string, paramKey: string) => key(tenantId, paramKey);
}

/** The source ids per kind whose product ids are asked about. */
export type CandidateIds = Partial<Record<RowKind, string[]>>;

export async function readProductState(db: Db, source: string, candidates: CandidateIds, targetTenants: string[]): Promise<ProductState> {
  const state = new ProductState();
  const mapRows = await db.selectFrom(MAP_TABLE).select(['kind', 'source_id', 'target_id', 'created']).where('source', '=', source).execute();
  for (const row of mapRows) {
    const kind = str(row.kind) as RowKind;
    if (!(kind in KIND_TABLES)) continue;
    const byKind = state.mapping.get(kind) ?? new Map<string, Mapped>();
    byKind.set(str(row.source_id), { targetId: str(row.target_id), created: Number(row.created) === 1 });
    state.mapping.set(kind, byKind);
  }
  for (const [kind, table] of Object.entries(KIND_TABLES) as [RowKind, string][]) {
    const ours = [...state.ours(kind)];
    const current = new Map<string, Row>();
    for (const part of chunks(ours)) {
      for (const row of await db.selectFrom(table).selectAll().where('id', 'in', part).where('is_deleted', '=', 0).execute()) current.set(str(row.id), row);
    }
    state.current.set(kind, current);
    const taken = new Set<string>();
    for (const part of chunks((candidates[kind] ?? []).filter(isStorableId))) {
      for (const row of await db.selectFrom(table).select('id').where('id', 'in', part).execute()) taken.add(str(row.id));
    }
    state.taken.set(kind, taken);
  }
  const tenants = targetTenants.length ? targetTenants : ['\u0000'];
  for (const row of await db.selectFrom('blade_tenant').select(['id', 'tenant_id']).where('is_deleted', '=', 0).execute()) {
    state.tenants.set(str(row.tenant_id), str(row.id));
  }
  const oursOf = (kind: RowKind) => state.ours(kind);
  const roles = oursOf('role');
  for (const row of await db.selectFrom('blade_role').select(['id', 'tenant_id', 'role_alias']).where('is_deleted', '=', 0).where('tenant_id', 'in', tenants).execute()) {
    if (!roles.has(str(row.id)) && row.role_alias !== null) state.rolesByAlias.set(ProductState.roleKey(str(row.tenant_id), str(row.role_alias)), str(row.id));
  }
  const posts = oursOf('post');
  for (const row of await db.selectFrom('blade_post').select(['id', 'tenant_id', 'post_code']).where('is_deleted', '=', 0).where('tenant_id', 'in', tenants).execute()) {
    if (!posts.has(str(row.id)) && row.post_code !== null) state.postsByCode.set(ProductState.postKey(str(row.tenant_id), str(row.post_code)), str(row.id));
  }
  const users = oursOf('user');
  for (const row of await db.selectFrom('blade_user').select(['id', 'tenant_id', 'account']).where('is_deleted', '=', 0).where('tenant_id', 'in', tenants).execute()) {
    if (!users.has(str(row.id))) state.usersByAccount.set(ProductState.userKey(str(row.tenant_id), str(row.account)), str(row.id));
  }
  state.menus = (await db.selectFrom('blade_menu').select(['id', 'code', 'path', 'category']).where('is_deleted', '=', 0).orderBy('sort').orderBy('id').execute())
    .map((r) => ({ id: str(r.id), code: String(r.code ?? ''), path: String(r.path ?? ''), category: Number(r.category) }));
  state.scopeData = (await db.selectFrom('blade_scope_data').select(['id', 'menu_id', 'scope_type', 'scope_column']).where('is_deleted', '=', 0).orderBy('id').execute())
    .map((r) => ({ id: str(r.id), menuId: str(r.menu_id), scopeType: String(r.scope_type ?? ''), scopeColumn: String(r.scope_column ?? '') }));
  state.scopeApi = (await db.selectFrom('blade_scope_api').select(['id', 'menu_id', 'scope_path']).where('is_deleted', '=', 0).orderBy('id').execute())
    .map((r) => ({ id: str(r.id), menuId: str(r.menu_id), scopePath: String(r.scope_path ?? '') }));
  const dicts = oursOf('dict');
  state.dicts = (await db.selectFrom('blade_dict').select(['id', 'code', 'dict_key', 'dict_value']).where('is_deleted', '=', 0).execute())
    .filter((r) => !dicts.has(str(r.id)))
    .map((r) => ({ id: str(r.id), code: String(r.code ?? ''), dictKey: String(r.dict_key ?? ''), dictValue: String(r.dict_value ?? '') }));
  const dictBiz = oursOf('dictBiz');
  state.dictBiz = (await db.selectFrom('blade_dict_biz').select(['id', 'tenant_id', 'code', 'dict_key', 'dict_value']).where('is_deleted', '=', 0).where('tenant_id', 'in', tenants).execute())
    .filter((r) => !dictBiz.has(str(r.id)))
    .map((r) => ({ id: str(r.id), tenantId: str(r.tenant_id), code: String(r.code ?? ''), dictKey: String(r.dict_key ?? ''), dictValue: String(r.dict_value ?? '') }));
  const params = oursOf('param');
  // The platform's parameters too: a tenant without its own value reads the platform's.
  for (const row of await db.selectFrom('blade_param').select(['id', 'tenant_id', 'param_key', 'param_value']).where('is_deleted', '=', 0)
    .where('tenant_id', 'in', [...new Set([...tenants, PLATFORM_TENANT])]).execute()) {
    if (!params.has(str(row.id))) state.params.set(ProductState.paramKey(str(row.tenant_id), String(row.param_key ?? '')), { id: str(row.id), value: String(row.param_value ?? '') });
  }
  const ourRoles = [...roles];
  for (const part of chunks(ourRoles)) {
    for (const row of await db.selectFrom('blade_role_menu').select(['role_id', 'menu_id']).where('role_id', 'in', part).execute()) {
      const set = state.roleMenus.get(str(row.role_id)) ?? new Set<string>();
      set.add(str(row.menu_id));
      state.roleMenus.set(str(row.role_id), set);
    }
    for (const row of await db.selectFrom('blade_role_scope').select(['role_id', 'scope_category', 'scope_id']).where('role_id', 'in', part).execute()) {
      const set = state.roleScopes.get(str(row.role_id)) ?? new Set<string>();
      set.add(`${Number(row.scope_category)}:${str(row.scope_id)}`);
      state.roleScopes.set(str(row.role_id), set);
    }
  }
  return state;
}
