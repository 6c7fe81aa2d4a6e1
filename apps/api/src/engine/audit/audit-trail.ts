import { examineStates, PLATFORM_TENANT, type AuditAction, type AuditDiff, type EntityDef } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { AUDIT_TABLE } from '../../db/migrations/037-audit-trail.js';
import type { Companion } from '../entity-repository.js';
import { auditDiff, auditValue } from './audit-diff.js';

/** One row of the audit trail, as it is inserted (in the order of `COLUMNS`). */
export interface AuditRow {
  id: string;
  tenant_id: string;
  entity: string;
  record_id: string;
  record_title: string | null;
  action: AuditAction;
  user_id: string | null;
  account: string | null;
  user_name: string | null;
  ip: string | null;
  request_id: string | null;
  time: string;
  diff: string;
}

const COLUMNS = ['id', 'tenant_id', 'entity', 'record_id', 'record_title', 'action', 'user_id', 'account', 'user_name', 'ip', 'request_id', 'time', 'diff'] as const satisfies readonly (keyof AuditRow)[];

/** Rows one statement inserts at most: 13 values each, far below either database's limit of bound values. */
const ROWS_PER_INSERT = 256;

const TITLE_MAX = 200;

/** The change a removal makes. */
const REMOVED: AuditDiff = { isDeleted: [0, 1] };

/**
 * The tenant a record's audit rows are filed under: its own, or the platform's for platform-wide
 * tables (whose rows all belong to it; a tenant's own row names that tenant in `tenantId`).
 */
export const auditTenantOf = (entity: EntityDef, recordTenant: unknown): string =>
  (entity.scope === 'platform' ? PLATFORM_TENANT : String(recordTenant));

/** The fields whose change alone makes an edit a change of state (`status`), per entity. */
const stateFieldsOf = new WeakMap<EntityDef, ReadonlySet<string>>();

function stateFields(entity: EntityDef): ReadonlySet<string> {
  let fields = stateFieldsOf.get(entity);
  if (!fields) {
    fields = new Set(['status', ...(entity.examine
      ? [examineStates(entity.examine).field, 'examineUser', 'examineTime', 'examineOpinion'] : [])]);
    stateFieldsOf.set(entity, fields);
  }
  return fields;
}

/**
 * The audit trail of every write the engine makes (`app_audit_trail`, docs/decisions.md 184–187):
 * who (user, account, tenant), when, from where (address and request id of the call), which record,
 * what was done and the fields it changed, masked. Rows are written inside the write's own
 * transaction, so a write undone leaves no row and a committed one always has its row.
 */
export class AuditTrail {
  /** The insert of n rows, by n: built once (a write builds no query), n a power of two up to ROWS_PER_INSERT. */
  private readonly inserts = new Map<number, string>();

  constructor(private readonly dialect: Dialect) {}

  /**
   * The row of one write of `entity`, or null for an edit that changed nothing: `before` is null for
   * a new row, `after` null for a removed one (whose change is its delete flag). An edit that changed
   * only the row's state is `status`.
   * Its time is taken with its id (so a time range is also a range of ids).
   */
  entry(caller: Caller, entity: EntityDef, action: AuditAction, before: Readonly<Record<string, unknown>> | null,
    after: Readonly<Record<string, unknown>> | null): AuditRow | null {
    // A removal is logical: it changes the delete flag alone (the values stay in the row and in its history).
    const diff = action === 'delete' ? REMOVED : auditDiff(entity, before, after);
    if (action === 'update') {
      const changed = Object.keys(diff);
      if (changed.length === 0) return null;
      const states = stateFields(entity);
      if (changed.every((name) => states.has(name))) action = 'status';
    }
    const row = (after ?? before) as Readonly<Record<string, unknown>>;
    const title = entity.titleField ? auditValue(entity, entity.titleField, row[entity.titleField]) : null;
    return {
      id: ids.next(),
      tenant_id: auditTenantOf(entity, row.tenantId ?? caller.tenantId),
      entity: entity.name,
      record_id: String(row.id),
      record_title: title === null ? null : String(title).slice(0, TITLE_MAX),
      action,
      user_id: caller.userId || null,
      account: caller.account ? caller.account.slice(0, 64) : null,
      user_name: (caller.realName || caller.account || '').slice(0, 64) || null,
      ip: caller.origin?.ip?.slice(0, 64) ?? null,
      request_id: caller.origin?.requestId?.slice(0, 32) ?? null,
      time: now(),
      diff: JSON.stringify(diff satisfies AuditDiff),
    };
  }

  /** Inserts rows inside the write's transaction `db`: the most a statement takes, then halves of it. */
  async write(db: Db, rows: readonly AuditRow[]): Promise<void> {
    let at = 0;
    for (let size = ROWS_PER_INSERT; at < rows.length; size = Math.max(1, size >> 1)) {
      while (rows.length - at >= size) {
        const chunk = rows.slice(at, at + size);
        at += size;
        await db.executeQuery(CompiledQuery.raw(this.insertOf(size), chunk.flatMap((row) => COLUMNS.map((c) => row[c]))));
      }
    }
  }

  /** Rows to be written with a write of the record (see `EntityRepository.withCompanion`). */
  companion(rows: AuditRow[]): Companion {
    return { table: AUDIT_TABLE, rows: rows as unknown as Record<string, unknown>[], writeSeparately: (db) => this.write(db, rows) };
  }

  private insertOf(size: number): string {
    let text = this.inserts.get(size);
    if (!text) {
      let n = 0;
      const value = () => (this.dialect === 'postgres' ? `$${(n += 1)}` : '?');
      const tuples = Array.from({ length: size }, () => `(${COLUMNS.map(value).join(', ')})`);
      text = `insert into "${AUDIT_TABLE}" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
      this.inserts.set(size, text);
    }
    return text;
  }
}

/**
 * The audit rows of many writes made together (an import's chunk, several rows of one submit),
 * inserted in one statement by whoever made the writes, inside the same transaction or savepoint:
 * `flush` before it is released, `clear` when it is rolled back.
 */
export class AuditBatch {
  private rows: AuditRow[] = [];

  constructor(private readonly trail: AuditTrail) {}

  add(row: AuditRow): void {
    this.rows.push(row);
  }

  async flush(db: Db): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    await this.trail.write(db, rows);
  }

  clear(): void {
    this.rows = [];
  }
}
