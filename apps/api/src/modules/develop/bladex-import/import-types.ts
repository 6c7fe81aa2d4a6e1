import type { EntityDef, ImportReport, ImportRowKind } from '@alumni/domain';

export {
  IMPORT_KINDS, emptyCounts, type ImportKind, type ImportOptions, type ImportReport, type KindCounts, type UnknownGrant,
} from '@alumni/domain';

/** Kinds whose rows are product rows with an id (the rest are grants between rows). */
export type RowKind = ImportRowKind;

/**
 * How a planned row ends: `create` a new product row, `update` a row an earlier run created, leave
 * such a row `unchanged`, `match` a row the product already had (pointed at, never written), or
 * `remove` a row an earlier run created whose BladeX row has been deleted since (users: disabled,
 * logically deleted and signed out).
 */
export type RowAction = 'create' | 'update' | 'unchanged' | 'match' | 'remove';

/** One product row the run writes or points at. */
export interface RowWrite {
  kind: RowKind;
  entity: EntityDef | null;
  sourceId: string;
  targetId: string;
  action: RowAction;
  /** The product tenant of the row (`000000` for platform-wide rows). */
  tenantId: string;
  /** Field values (camelCase) with `status`; what an update sets. */
  values: Record<string, unknown>;
  /** BladeX's create time, kept on a created row. */
  createTime: string | null;
}

/** A grant the run adds to a role it imported. */
export interface LinkWrite {
  kind: 'roleMenu' | 'roleScope';
  roleId: string;
  /** A menu id, or a data / API scope id. */
  targetId: string;
  /** For scopes: 1 data scope, 2 API scope (`blade_role_scope.scope_category`). */
  scopeCategory: number | null;
}

export interface ImportPlan {
  rows: RowWrite[];
  links: LinkWrite[];
  report: ImportReport;
}
