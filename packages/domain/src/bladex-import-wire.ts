/** The wire of the BladeX import (`/blade-develop/bladex-import/…`): its options, report and runs. */

/** What the import moves, in the order it writes them (each kind only names rows written before it). */
export const IMPORT_KINDS = ['tenant', 'dept', 'post', 'role', 'menu', 'roleMenu', 'roleScope', 'dict', 'dictBiz', 'param', 'user'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The target options of a run. */
export interface ImportOptions {
  /** BladeX tenant codes to import; every tenant of the source when empty. */
  tenantIds: string[];
  /** BladeX tenant code → this product's tenant code; a tenant not named keeps its code. */
  tenantMap: Record<string, string>;
}

/**
 * How one source row ends: `create` a new product row, `update` a row an earlier run created, leave
 * such a row `unchanged`, `match` a row the product already had (pointed at, never written), or
 * `skip` it (reported). Rows logically deleted in BladeX are counted as `deleted`.
 */
export interface KindCounts {
  total: number;
  create: number;
  update: number;
  unchanged: number;
  match: number;
  skip: number;
  deleted: number;
}

export interface UnmatchedMenu {
  id: string;
  code: string | null;
  name: string | null;
  path: string | null;
  category: number | null;
}

export interface UnknownGrant {
  tenantId: string;
  roleAlias: string | null;
  roleName: string | null;
  /** What the grant names: a menu or button, a data scope or an API scope. */
  grant: 'menu' | 'dataScope' | 'apiScope';
  sourceId: string;
  /** The menu's code (for scopes: the scope's name) when BladeX has the row. */
  code: string | null;
  /** `unmatched`: BladeX has it but this product has nothing like it; `missing`: BladeX has no such row (or it is deleted). */
  reason: 'unmatched' | 'missing';
}

export interface UserMissing {
  tenantId: string;
  account: string | null;
  depts: string[];
  roles: string[];
  posts: string[];
}

export interface DictionaryConflict {
  kind: 'dict' | 'dictBiz';
  /** The product tenant (business dictionaries), null for system dictionaries. */
  tenantId: string | null;
  code: string | null;
  dictKey: string | null;
  source: string | null;
  /** The product's value of that key; null when the product's dictionary has no such key. */
  product: string | null;
}

export interface ParamConflict {
  tenantId: string;
  paramKey: string | null;
  source: string | null;
  /** The value the product tenant reads (its own, else the platform's); null when it has none. */
  product: string | null;
  /**
   * `product`: the product tenant holds the key with another value; `rules`: BladeX's value would
   * weaken the product's rules (an initial password its password rules refuse), so it is never imported.
   */
  reason: 'product' | 'rules';
}

/** A user an earlier run created whom BladeX has deleted since: disabled and removed here, sessions ended. */
export interface RemovedUser {
  tenantId: string;
  account: string;
  sourceId: string;
  targetId: string;
}

/**
 * A top-level role of an imported tenant placed under the tenant's administrator role (the role
 * aliased `administrator`, else the role of the tenant's `admin` account), so that the tenant's
 * administrator may grant it: this product's administrators grant only the roles below their own.
 */
export interface ReparentedRole {
  tenantId: string;
  sourceId: string;
  roleAlias: string | null;
  roleName: string | null;
  /** The BladeX administrator role it now sits under. */
  parentSourceId: string;
  parentName: string | null;
}

export interface DuplicateAccount {
  tenantId: string;
  account: string;
  /** The BladeX users holding the account. */
  sourceIds: string[];
  /** The one imported (`source`), none when the product already has the account (`product`). */
  kept: string | null;
  reason: 'source' | 'product';
}

export interface Orphan {
  kind: 'dept' | 'role' | 'dict' | 'dictBiz';
  tenantId: string;
  sourceId: string;
  name: string | null;
  parentId: string | null;
}

export interface SourceTenantLine {
  tenantId: string;
  tenantName: string | null;
  /** The product tenant it goes to; null when not imported. */
  target: string | null;
}

export interface ImportReport {
  source: {
    driver: string;
    database: string;
    domainColumn: 'domain' | 'domain_url';
    missingTables: string[];
    tenants: SourceTenantLine[];
  };
  kinds: Record<ImportKind, KindCounts>;
  unmatchedMenus: UnmatchedMenu[];
  unknownGrants: UnknownGrant[];
  usersWithMissing: UserMissing[];
  dictionaryConflicts: DictionaryConflict[];
  paramConflicts: ParamConflict[];
  duplicateAccounts: DuplicateAccount[];
  orphans: Orphan[];
  /** Rows of BladeX tenants that are not imported (not chosen, or not in `blade_tenant`). */
  otherTenants: { tenantId: string; rows: number }[];
  /** Users an earlier run created whom BladeX has deleted since: disabled and removed here. */
  removedUsers: RemovedUser[];
  /** Top-level roles placed under their tenant's administrator role. */
  reparentedRoles: ReparentedRole[];
  /** Rows an earlier run created that were removed in the product since: left removed. */
  removedInProduct: { kind: ImportRowKind; sourceId: string; targetId: string }[];
  /** Rows whose BladeX id was taken in this product and that got a new id. */
  renumbered: Partial<Record<ImportRowKind, number>>;
}

export const emptyCounts = (): KindCounts => ({ total: 0, create: 0, update: 0, unchanged: 0, match: 0, skip: 0, deleted: 0 });

/** Kinds whose rows are product rows with an id (the rest are grants between rows). */
export type ImportRowKind = Exclude<ImportKind, 'roleMenu' | 'roleScope'>;

export type ImportRunState = 'queued' | 'running' | 'completed' | 'failed';

/** A real run as `/blade-develop/bladex-import/last` answers it. */
export interface ImportRunView {
  id: string;
  /** The source database (driver, host, port, database; never a user or password). */
  source: string;
  state: ImportRunState;
  options: ImportOptions;
  progressDone: number;
  progressTotal: number;
  message: string | null;
  /** The report, once the run has completed. */
  report: ImportReport | null;
  error: string | null;
  createTime: string;
  finishTime: string | null;
}
