import type { AuditAction, AuditDiff, AuditEntryView, Page } from '@alumni/domain';
import type { CompiledQuery } from 'kysely';
import { firstIdAt } from '../../core/ids.js';
import { parseDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { AUDIT_TABLE } from '../../db/migrations/037-audit-trail.js';
import type { Row } from '../../db/row-mapping.js';

/** What the audit list is narrowed by; every value is checked by the route before it comes here. */
export interface AuditFilters {
  entity?: string;
  action?: AuditAction;
  userId?: string;
  account?: string;
  recordId?: string;
  /** Zoned `yyyy-MM-dd HH:mm:ss`, both ends included. */
  from?: string;
  to?: string;
}

export interface Paging { current: number; size: number }

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function toView(r: Row): AuditEntryView {
  return {
    id: String(r.id), tenantId: String(r.tenant_id), entity: String(r.entity), recordId: String(r.record_id),
    recordTitle: text(r.record_title), action: String(r.action) as AuditAction,
    userId: text(r.user_id), account: text(r.account), userName: text(r.user_name), ip: text(r.ip), requestId: text(r.request_id),
    time: String(r.time), diff: JSON.parse(String(r.diff)) as AuditDiff,
  };
}

/**
 * How far a row's id may stand from its time: the time is taken with the id, to the second, and a
 * burst of writes may borrow the next milliseconds for its ids.
 */
const ID_SLACK_MS = 2000;

/**
 * Reads of the audit trail, newest first (by id: ids are time-ordered): a record's history by the
 * tenant's record index, the tenant's trail by its key `(tenant_id, id)`, a time range also as a
 * range of ids so the key finds it. Counts and pages run as list queries do (`read`: a reader
 * thread on SQLite).
 */
export class AuditReads {
  constructor(
    private readonly db: Db,
    private readonly read: (query: CompiledQuery) => Promise<{ rows: Row[] }>,
  ) {}

  history(tenantId: string, entity: string, recordId: string, paging: Paging): Promise<Page<AuditEntryView>> {
    return this.list(tenantId, { entity, recordId }, paging);
  }

  async list(tenantId: string, filters: AuditFilters, { current, size }: Paging): Promise<Page<AuditEntryView>> {
    let query = this.db.selectFrom(AUDIT_TABLE).where('tenant_id', '=', tenantId);
    if (filters.entity) query = query.where('entity', '=', filters.entity);
    if (filters.recordId) query = query.where('record_id', '=', filters.recordId);
    if (filters.action) query = query.where('action', '=', filters.action);
    if (filters.userId) query = query.where('user_id', '=', filters.userId);
    if (filters.account) query = query.where('account', '=', filters.account);
    if (filters.from) query = query.where('id', '>=', firstIdAt(parseDateTime(filters.from).getTime() - ID_SLACK_MS)).where('time', '>=', filters.from);
    if (filters.to) query = query.where('id', '<', firstIdAt(parseDateTime(filters.to).getTime() + 1000 + ID_SLACK_MS)).where('time', '<=', filters.to);
    const count = (await this.read(query.select((eb) => eb.fn.countAll().as('total')).compile())).rows[0];
    const total = Number(count?.total ?? 0);
    if (total === 0 || (current - 1) * size >= total) return { records: [], total, size, current, pages: Math.ceil(total / size) };
    const { rows } = await this.read(query.selectAll().orderBy('id', 'desc').limit(size).offset((current - 1) * size).compile());
    return { records: rows.map(toView), total, size, current, pages: Math.ceil(total / size) };
  }
}
