import { PLATFORM_TENANT, snake, type EntityDef } from '@alumni/domain';
import { ids } from '../../../core/ids.js';
import type { BladexSnapshot, SourceRow } from './bladex-source.js';
import {
  IMPORT_KINDS, emptyCounts, type ImportKind, type ImportReport, type KindCounts, type LinkWrite, type RowKind, type RowWrite,
} from './import-types.js';
import { isStorableId, type ProductState } from './product-state.js';

/** A product value as compared: null stays null, everything else its text. */
const norm = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The text of a BladeX column, cut to the product column's length. */
export const fit = (value: string | null | undefined, max: number): string | null =>
  value === null || value === undefined ? null : value.length > max ? value.slice(0, max) : value;

/** A whole number of a BladeX column, or the fallback. */
export function int(value: string | null | undefined, fallback: number | null): number | null {
  if (value === null || value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
}

/** A BladeX datetime as `yyyy-MM-dd HH:mm:ss`, null when it is none. */
export const dateTime = (value: string | null | undefined): string | null =>
  value && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/.test(value) ? value.slice(0, 19).replace('T', ' ') : null;

/** The comma-joined ids of a BladeX column. */
export const idList = (value: string | null | undefined): string[] =>
  [...new Set(String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/**
 * The state of one planning: the rows and grants to write, the source ids each kind resolved to
 * product ids, and the report. Each kind's planner (`plan-*.ts`) adds to it in the order of
 * `IMPORT_KINDS`, so a kind only looks up kinds planned before it.
 */
export class Planner {
  readonly rows: RowWrite[] = [];
  readonly links: LinkWrite[] = [];
  readonly report: ImportReport;
  private readonly resolved = new Map<RowKind, Map<string, RowWrite>>();
  private readonly assigned = new Map<RowKind, Set<string>>();
  private readonly otherTenants = new Map<string, number>();

  constructor(
    readonly snapshot: BladexSnapshot,
    readonly state: ProductState,
    /** BladeX tenant code → product tenant code, for the tenants this run imports. */
    readonly tenantTargets: Map<string, string>,
    source: { driver: string; database: string },
  ) {
    const kinds = Object.fromEntries(IMPORT_KINDS.map((k) => [k, emptyCounts()])) as Record<ImportKind, KindCounts>;
    this.report = {
      source: { ...source, domainColumn: snapshot.domainColumn, missingTables: snapshot.missingTables, tenants: [] },
      kinds, unmatchedMenus: [], unknownGrants: [], usersWithMissing: [], dictionaryConflicts: [], paramConflicts: [],
      duplicateAccounts: [], orphans: [], otherTenants: [], removedUsers: [], reparentedRoles: [], removedInProduct: [], renumbered: {},
    };
  }

  counts(kind: ImportKind): KindCounts {
    return this.report.kinds[kind];
  }

  /** Counts a table's rows: the deleted ones now, the others as each is decided. */
  rowsOf(kind: ImportKind, table: keyof BladexSnapshot['tables']): SourceRow[] {
    const { rows, deleted } = this.snapshot.tables[table];
    const counts = this.counts(kind);
    counts.deleted += deleted;
    counts.total += deleted + rows.length;
    return rows;
  }

  skip(kind: ImportKind): void {
    this.counts(kind).skip += 1;
  }

  /** The product tenant of a BladeX row; null (the row skipped and counted) when its tenant is not imported. */
  tenantOf(kind: ImportKind, row: SourceRow): string | null {
    const code = row.tenant_id ?? PLATFORM_TENANT;
    const target = this.tenantTargets.get(code);
    if (target !== undefined && (kind === 'tenant' || this.resolve('tenant', code) !== undefined)) return target;
    this.skip(kind);
    this.otherTenants.set(code, (this.otherTenants.get(code) ?? 0) + 1);
    return null;
  }

  resolve(kind: RowKind, sourceId: string | null | undefined): string | undefined {
    return sourceId ? this.resolved.get(kind)?.get(sourceId)?.targetId : undefined;
  }

  /** The row a BladeX id was planned as (to tell a created row from a matched one). */
  planned(kind: RowKind, sourceId: string): RowWrite | undefined {
    return this.resolved.get(kind)?.get(sourceId);
  }

  private remember(write: RowWrite): RowWrite {
    const byKind = this.resolved.get(write.kind) ?? new Map<string, RowWrite>();
    byKind.set(write.sourceId, write);
    this.resolved.set(write.kind, byKind);
    return write;
  }

  /** Points a BladeX row at a row the product has; nothing is written to it. */
  match(kind: RowKind, sourceId: string, targetId: string, tenantId: string): RowWrite {
    this.counts(kind).match += 1;
    const write: RowWrite = { kind, entity: null, sourceId, targetId, action: 'match', tenantId, values: {}, createTime: null };
    this.rows.push(write);
    return this.remember(write);
  }

  /** The current product row an earlier run created for this BladeX row (undefined: none; null: removed since). */
  existing(kind: RowKind, sourceId: string): Record<string, unknown> | null | undefined {
    const mapped = this.state.mapped(kind, sourceId);
    if (!mapped?.created) return undefined;
    return this.state.current.get(kind)?.get(mapped.targetId) ?? null;
  }

  /** Whether an earlier run created this BladeX row's product row (and it still stands or was removed). */
  createdBefore(kind: RowKind, sourceId: string): boolean {
    return this.state.mapped(kind, sourceId)?.created === true;
  }

  /**
   * Plans a row the import owns: created when no earlier run wrote it (with BladeX's id unless the
   * product uses it), else updated when a value differs, else left unchanged. A row an earlier run
   * created and someone removed since stays removed (skipped, reported).
   */
  place(kind: RowKind, entity: EntityDef, sourceId: string, tenantId: string, values: Record<string, unknown>, createTime: string | null): RowWrite | null {
    const counts = this.counts(kind);
    const mapped = this.state.mapped(kind, sourceId);
    if (mapped?.created) {
      const current = this.state.current.get(kind)?.get(mapped.targetId);
      if (!current) {
        counts.skip += 1;
        this.report.removedInProduct.push({ kind, sourceId, targetId: mapped.targetId });
        return null;
      }
      const changed = Object.entries(values).some(([field, value]) => norm(current[snake(field)]) !== norm(value));
      counts[changed ? 'update' : 'unchanged'] += 1;
      const write: RowWrite = { kind, entity, sourceId, targetId: mapped.targetId, action: changed ? 'update' : 'unchanged', tenantId, values, createTime };
      this.rows.push(write);
      return this.remember(write);
    }
    counts.create += 1;
    const write: RowWrite = { kind, entity, sourceId, targetId: this.newId(kind, sourceId), action: 'create', tenantId, values, createTime };
    this.rows.push(write);
    return this.remember(write);
  }

  /**
   * Plans the removal of a row an earlier run created and that still stands here, because BladeX
   * has deleted its row since (counted among the kind's `deleted`). `values` are set before it goes.
   */
  remove(kind: RowKind, entity: EntityDef, sourceId: string, targetId: string, tenantId: string, values: Record<string, unknown>): RowWrite {
    const write: RowWrite = { kind, entity, sourceId, targetId, action: 'remove', tenantId, values, createTime: null };
    this.rows.push(write);
    return write;
  }

  /** BladeX's id when this product can store it and does not use it; else a new one. */
  private newId(kind: RowKind, sourceId: string): string {
    const assigned = this.assigned.get(kind) ?? new Set<string>();
    this.assigned.set(kind, assigned);
    if (isStorableId(sourceId) && !this.state.taken.get(kind)?.has(sourceId) && !assigned.has(sourceId)) {
      assigned.add(sourceId);
      return sourceId;
    }
    this.report.renumbered[kind] = (this.report.renumbered[kind] ?? 0) + 1;
    const id = ids.next();
    assigned.add(id);
    return id;
  }

  /** Orders tree rows parents first; a row whose parent is not among them is a root. */
  static treeOrder(rows: SourceRow[]): { row: SourceRow; parentInSet: boolean }[] {
    const byId = new Map(rows.map((r) => [r.id ?? '', r]));
    const children = new Map<string, SourceRow[]>();
    const roots: SourceRow[] = [];
    for (const row of rows) {
      const parent = row.parent_id ?? '0';
      if (parent !== '0' && byId.has(parent) && parent !== row.id) {
        const list = children.get(parent) ?? [];
        list.push(row);
        children.set(parent, list);
      } else {
        roots.push(row);
      }
    }
    const out: { row: SourceRow; parentInSet: boolean }[] = [];
    const seen = new Set<string>();
    const visit = (row: SourceRow, parentInSet: boolean) => {
      const id = row.id ?? '';
      if (seen.has(id)) return;
      seen.add(id);
      out.push({ row, parentInSet });
      for (const child of children.get(id) ?? []) visit(child, true);
    };
    for (const root of roots) visit(root, false);
    // Rows in a cycle of parents have no root: each becomes one.
    for (const row of rows) if (!seen.has(row.id ?? '')) visit(row, false);
    return out;
  }

  finish(): ImportReport {
    this.report.otherTenants = [...this.otherTenants].map(([tenantId, rows]) => ({ tenantId, rows }));
    return this.report;
  }
}
