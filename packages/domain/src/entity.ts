import type { Field, FieldKind } from './fields.js';
import type { ExamineRule } from './examination.js';
import type { NumberRule } from './numbering.js';
import type { Text } from './text.js';

/** Where an entity's rows live: per tenant, or once for the whole platform (managed from tenant 000000). */
export type EntityScope = 'tenant' | 'platform';

/** The calls an entity answers; each suffix is relative to `base`, `false` leaves the call out. */
export interface EntityApi {
  /** Path prefix under /api, e.g. `/blade-system/dict`. */
  base: string;
  list?: string | false;
  detail?: string | false;
  submit?: string | false;
  remove?: string | false;
  /** An edit-only call `<base>/update` beside submit: the body must name the row (`id`). */
  update?: boolean;
  /** An add-only call `<base>/save` beside submit: a body that names a row (`id`) is refused. */
  save?: boolean;
  /**
   * `PUT <base>/enable?id=` and `PUT <base>/disable?id=` (button `<permission>_enable`): set the
   * row's `status` to 1 enabled or 2 disabled; list pages offer 启用/停用 on each row.
   */
  enable?: boolean;
  /**
   * Calls whose payload travels encrypted (PROTOCOL 9): with `body`, submit (and update) take the
   * Base64 of AES-CBC over the JSON text as `text/plain` (a plain JSON body is still accepted);
   * the `answers` named are the Base64 of the encrypted envelope, as `text/plain`.
   */
  crypto?: { body?: boolean; answers?: readonly ('list' | 'detail')[] };
  /**
   * What `GET <base>/list` answers: `page` (the default) the paged list; `tree` the rows matching
   * the list's filters as an unpaged forest, as BladeX's tree lists do (`current`/`size` ignored,
   * at most TREE_LIST_MAX_ROWS rows, sorted by `sort`), each node with `hasChildren` and, when it
   * has any, `children`; a row whose parent is not among them is a root. The paged list is then
   * `GET <base>/page` (PROTOCOL 4), the call the product's own pages read (`entityPath(e, 'page')`).
   */
  listShape?: 'page' | 'tree';
}

/** The most rows a tree-shaped list (`api.listShape: 'tree'`) reads; more matching rows are left out, in sort order. */
export const TREE_LIST_MAX_ROWS = 5000;

export interface UniqueRule {
  fields: readonly string[];
  message: Text;
}

export interface SortSpec {
  field: string;
  desc?: boolean;
}

export interface EntityDef<F extends Record<string, Field> = Record<string, Field>> {
  /** Registry key, kebab-case: `dict-biz`. */
  name: string;
  label: Text;
  /** snake_case table name. */
  table: string;
  scope: EntityScope;
  /**
   * Platform rows every tenant may read (list, detail) with the menu, as reference data (regions);
   * writes stay with tenant 000000.
   */
  readByEveryTenant?: boolean;
  /** Menu code: reading needs the menu, writing the button codes `<code>_add|_edit|_delete`. */
  permission: string;
  /** Other menus whose holders may read the entity too (a survey's questions, from the questionnaire menu). */
  readMenus?: readonly string[];
  api?: EntityApi;
  /** A unique field whose value names a row as its id does: detail then takes either (regions: `code`). */
  detailKey?: string;
  fields: F;
  /** Default order of lists (create time, newest first, when absent). */
  defaultSort?: readonly SortSpec[];
  /** Rules checked on every write among the rows that are not deleted (and of the same tenant). */
  unique?: readonly UniqueRule[];
  /** Field shown as the row's name in pickers and confirmations. */
  titleField?: string;
  /** Button codes that differ from `<permission>_add|_edit|_delete|_view` (attachments are added by upload). */
  buttonCodes?: Partial<Record<'add' | 'edit' | 'remove' | 'view' | 'export' | 'import' | 'enable', string>>;
  /** Row buttons the page offers; the view button is on unless switched off. */
  viewButton?: boolean;
  /** Lists show the create time as a column with a date-range search. */
  showCreateTime?: boolean;
  /** Fields the server fills with a generated number when a row is created (read-only fields). */
  numbers?: Readonly<Record<string, NumberRule>>;
  /** Examined under the shared model (DOMAIN 1.5): the row carries `examineFields()`. */
  examine?: ExamineRule;
  /**
   * Excel calls of the list (DOMAIN 1.2): `export` adds `GET <base>/export` (code `<permission>_export`);
   * `import` adds `export-template` and `import` (code `<permission>_import`), the existing row of an
   * imported one found by the natural `key`.
   */
  excel?: { export?: boolean; import?: ImportRule };
  /**
   * The list's searches may be saved as named segments (`/blade-segment/segment`): a segment keeps the
   * list call's own filters, and its members are that list for whoever uses it, in their data scope.
   */
  segments?: boolean;
  /**
   * Filters asked together, as a segment asks them (a class year, a gender, a college, within a data
   * scope): each group is one index `(tenant_id, is_deleted, …fields)`, which counts any of their
   * combinations from the index alone — its first field sought, the others read in the index — where
   * one field's own index would look up every row it matches to test the others.
   */
  countIndexes?: readonly CountIndex[];
}

/** One index that counts several filters together (`EntityDef.countIndexes`). */
export interface CountIndex {
  /** Part of the index's name: `<table>_count_<name>`. */
  name: string;
  /** The entity's fields, the one most often asked as a range or an equality first. */
  fields: readonly string[];
}

/**
 * How a sheet's rows find the records they update: by `key`, or by `fallbackKey` when a row leaves
 * a field of `key` empty (no ID number: name and phone); with `related`, each row also carries one
 * record of another entity, read from its own columns and sent as a one-element list `field` of the
 * row's body (an alumnus with a study record).
 */
export interface ImportRule {
  key: readonly string[];
  fallbackKey?: readonly string[];
  related?: ImportRelated;
}

export interface ImportRelated {
  /** The body's list the record goes into. */
  field: string;
  /** The related entity's name. */
  entity: string;
  /** Its fields the sheet has columns for. */
  fields: readonly string[];
}

export function defineEntity<const F extends Record<string, Field>>(def: EntityDef<F>): EntityDef<F> {
  for (const name of Object.keys(def.fields)) {
    // The tenant table's own code is its tenant_id column, and an entity with an enable/disable
    // state shows `status` as its dictionary; nothing else may redefine a base column.
    const ownsTenantId = name === 'tenantId' && def.scope === 'platform';
    if (name in BASE_FIELDS && !ownsTenantId && name !== 'status') throw new Error(`${def.name}: field ${name} repeats a base column`);
  }
  for (const [name, rule] of Object.entries(def.numbers ?? {})) {
    const field = def.fields[name];
    // A generated number is never taken from a body: its field must be read-only text.
    if (!field || field.kind !== 'text' || field.form !== 'readonly') throw new Error(`${def.name}: numbered field ${name} must be a read-only text field`);
    const scoped = rule.kind === 'sequence' ? rule.dateField : rule.uniqueWithin;
    if (scoped !== undefined && !(scoped in def.fields)) throw new Error(`${def.name}: number ${name} names an unknown field ${scoped}`);
  }
  return def;
}

/** The base columns every table carries (PROTOCOL section 1). */
export const BASE_FIELDS = {
  id: { kind: 'fk', label: { zh: '主键', en: 'ID' } },
  tenantId: { kind: 'text', label: { zh: '租户编号', en: 'Tenant' } },
  createUser: { kind: 'fk', label: { zh: '创建人', en: 'Created by' } },
  createDept: { kind: 'fk', label: { zh: '创建部门', en: 'Creating dept' } },
  createTime: { kind: 'datetime', label: { zh: '创建时间', en: 'Created at' } },
  updateUser: { kind: 'fk', label: { zh: '修改人', en: 'Updated by' } },
  updateTime: { kind: 'datetime', label: { zh: '修改时间', en: 'Updated at' } },
  status: { kind: 'integer', label: { zh: '状态', en: 'Status' } },
  isDeleted: { kind: 'integer', label: { zh: '是否删除', en: 'Deleted' } },
} as const satisfies Record<string, { kind: FieldKind; label: Text }>;

export type BaseFieldName = keyof typeof BASE_FIELDS;

/** The create time as lists and search forms show it, for entities with `showCreateTime`. */
const CREATE_TIME_VIEW: Field = {
  kind: 'datetime', label: { zh: '创建时间', en: 'Created at' }, list: true, search: 'range', sortable: true, form: 'readonly', width: 170,
};

/** The fields lists and search forms show: the entity's own, then the create time when it shows it. */
export function viewFields(entity: EntityDef): Record<string, Field> {
  return entity.showCreateTime ? { ...entity.fields, createTime: CREATE_TIME_VIEW } : entity.fields;
}

/** Base columns a client may filter and sort by. */
export const QUERYABLE_BASE_FIELDS: readonly BaseFieldName[] = ['id', 'createUser', 'createTime', 'updateTime', 'status'];

export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const permissionCodes = (entity: EntityDef) => ({
  menu: entity.permission,
  add: entity.buttonCodes?.add ?? `${entity.permission}_add`,
  edit: entity.buttonCodes?.edit ?? `${entity.permission}_edit`,
  remove: entity.buttonCodes?.remove ?? `${entity.permission}_delete`,
  view: entity.buttonCodes?.view ?? `${entity.permission}_view`,
  export: entity.buttonCodes?.export ?? `${entity.permission}_export`,
  import: entity.buttonCodes?.import ?? `${entity.permission}_import`,
  enable: entity.buttonCodes?.enable ?? `${entity.permission}_enable`,
});

/** The `status` values of an entity with `api.enable`. */
export const ENABLE_STATUS = { enabled: 1, disabled: 2 } as const;

/**
 * The full path (under /api) of one of an entity's standard calls, or null when it has none.
 * `page` is the paged list: `<base>/page` where `list` answers a tree (`api.listShape`), else the list call.
 */
export function entityPath(entity: EntityDef, call: 'list' | 'page' | 'detail' | 'submit' | 'remove'): string | null {
  const api = entity.api;
  if (!api) return null;
  if (call === 'page') return api.listShape === 'tree' && api.list !== false ? `${api.base}/page` : entityPath(entity, 'list');
  const suffix = api[call] ?? call;
  return suffix === false ? null : `${api.base}/${suffix}`;
}

/** The paths (under /api) of an entity's encrypted calls (PROTOCOL 9): bodies taken, answers given. */
export function cryptoPaths(entity: EntityDef): { bodies: string[]; answers: string[] } {
  const api = entity.api;
  const crypto = api?.crypto;
  if (!api || !crypto) return { bodies: [], answers: [] };
  const submit = entityPath(entity, 'submit');
  const bodies = crypto.body
    ? [...(submit ? [submit] : []), ...(api.update ? [`${api.base}/update`] : []), ...(api.save ? [`${api.base}/save`] : [])] : [];
  // A call that names its row in the path (`detail/:id`) is matched by the path above the id.
  const answers = (crypto.answers ?? []).map((call) => entityPath(entity, call)).filter((path): path is string => path !== null)
    .map((path) => path.replace(/\/:id$/, ''));
  return { bodies, answers };
}

/**
 * Whether a request path (without its query) is one of the given crypto paths, or below one: a
 * detail call that names its row in the path (`detail/{id}`) counts as its `detail` path.
 */
export const isCryptoPath = (paths: readonly string[], path: string): boolean =>
  paths.some((p) => path === p || path.startsWith(`${p}/`));

/** The field that carries the display name of a dictionary or reference field in answers. */
export const displayNameKey = (field: string): string => (field.endsWith('Id') ? `${field.slice(0, -2)}Name` : `${field}Name`);

export type FieldValue<K extends FieldKind> = K extends 'integer' | 'flag' ? number : string;

/** The JSON record of an entity, as answers carry it (base columns included). */
export type EntityRecord<F extends Record<string, Field>> = {
  [K in keyof F]: FieldValue<F[K]['kind']> | null;
} & { id: string; tenantId: string; createUser: string | null; createDept: string | null; createTime: string; updateUser: string | null; updateTime: string; status: number };
