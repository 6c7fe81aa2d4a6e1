import { MEGABYTE, QUOTA_KINDS, QUOTA_MSG, attachEntity, type QuotaKind, type QuotaUsage, type TenantUsage } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { KvStore } from '../../store/kv-store.js';
import { SEND_RECORD_TABLE, SEND_STATUS } from '../resource/send-records.js';

type Limits = Record<QuotaKind, number>;

/** How long a process answers the API-call limit of a tenant from memory. */
const LIMITS_TTL_MS = 10_000;

const UNLIMITED: Limits = { accounts: -1, storage: -1, smsMonth: -1, mailDay: -1, apiMinute: -1 };

const limitOf = (value: unknown): number => {
  const n = Number(value ?? -1);
  return Number.isInteger(n) && n >= 0 ? n : -1;
};

/** The tenant row's columns that hold its limits. */
const LIMIT_COLUMNS = ['account_number', 'storage_quota', 'sms_month_quota', 'mail_day_quota', 'api_minute_quota'] as const;

const limitsOfRow = (row: Record<string, unknown>): Limits => {
  const storage = limitOf(row.storage_quota);
  return {
    accounts: limitOf(row.account_number),
    storage: storage < 0 ? -1 : storage * MEGABYTE,
    smsMonth: limitOf(row.sms_month_quota),
    mailDay: limitOf(row.mail_day_quota),
    apiMinute: limitOf(row.api_minute_quota),
  };
};

const monthStart = () => `${now().slice(0, 7)}-01 00:00:00`;
const dayStart = () => `${now().slice(0, 10)} 00:00:00`;
const minuteWindow = () => Math.floor(Date.now() / 60_000);
const apiKey = (tenantId: string, window: number) => `quota:api:${tenantId}:${window}`;

/**
 * A tenant's quotas (decision 293): the limits are the tenant row's, the usage is counted from the
 * rows that exist (live users, live attachments' sizes, accepted text messages of the month and
 * e-mails of the day in the send records), so nothing is kept that could drift; only the API calls
 * of the current minute are a counter, in the key-value store (Redis when configured, shared by
 * every process; else the process's memory).
 */
export class TenantQuotas {
  private readonly cached = new Map<string, { at: number; limits: Limits }>();

  /** `store` holds the API-call counters; without one (a check of a write's own transaction) they read 0. */
  constructor(private readonly db: Db, private readonly store: KvStore | null) {}

  /** Forgets the limits kept in memory (a tenant was saved in this process). */
  forget(): void {
    this.cached.clear();
  }

  async limits(tenantId: string, db: Db = this.db): Promise<Limits> {
    const row = await db.selectFrom('blade_tenant').select(LIMIT_COLUMNS)
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst() as Record<string, unknown> | undefined;
    return row ? limitsOfRow(row) : UNLIMITED;
  }

  private async recentLimits(tenantId: string): Promise<Limits> {
    const kept = this.cached.get(tenantId);
    if (kept && Date.now() - kept.at < LIMITS_TTL_MS) return kept.limits;
    const limits = await this.limits(tenantId);
    this.cached.set(tenantId, { at: Date.now(), limits });
    return limits;
  }

  /** Each tenant's usage of the quotas asked for (every one unless named), counted from its rows in grouped queries. */
  async usedBy(tenantIds: string[], db: Db = this.db, kinds: readonly QuotaKind[] = QUOTA_KINDS): Promise<Map<string, Limits>> {
    const used = new Map<string, Limits>(tenantIds.map((id) => [id, { accounts: 0, storage: 0, smsMonth: 0, mailDay: 0, apiMinute: 0 }]));
    if (tenantIds.length === 0) return used;
    const put = (rows: { tenant_id: unknown; n: unknown }[], kind: QuotaKind) => {
      for (const row of rows) {
        const entry = used.get(String(row.tenant_id));
        if (entry) entry[kind] = Number(row.n ?? 0);
      }
    };
    if (kinds.includes('accounts')) {
      put(await db.selectFrom('blade_user').select(['tenant_id', (eb) => eb.fn.countAll().as('n')])
        .where('tenant_id', 'in', tenantIds).where('is_deleted', '=', 0).groupBy('tenant_id').execute(), 'accounts');
    }
    if (kinds.includes('storage')) {
      put(await db.selectFrom(attachEntity.table).select(['tenant_id', (eb) => eb.fn.sum('attach_size').as('n')])
        .where('tenant_id', 'in', tenantIds).where('is_deleted', '=', 0).groupBy('tenant_id').execute(), 'storage');
    }
    for (const [kind, channel, since] of [['smsMonth', 'sms', monthStart()], ['mailDay', 'mail', dayStart()]] as const) {
      if (!kinds.includes(kind)) continue;
      put(await db.selectFrom(SEND_RECORD_TABLE).select(['tenant_id', (eb) => eb.fn.countAll().as('n')])
        .where('tenant_id', 'in', tenantIds).where('channel', '=', channel).where('status', '=', SEND_STATUS.sent)
        .where('create_time', '>=', since).groupBy('tenant_id').execute(), kind);
    }
    const window = minuteWindow();
    if (this.store && kinds.includes('apiMinute')) {
      for (const [tenantId, entry] of used) entry.apiMinute = Number((await this.store.get(apiKey(tenantId, window))) ?? 0);
    }
    return used;
  }

  /** The usage of these tenants (all live tenants when none are named), with their limits. */
  async usage(tenantIds: string[] | null): Promise<TenantUsage[]> {
    let query = this.db.selectFrom('blade_tenant').select(['tenant_id', 'tenant_name', ...LIMIT_COLUMNS]).where('is_deleted', '=', 0);
    if (tenantIds) query = query.where('tenant_id', 'in', tenantIds.length ? tenantIds : ['']);
    const tenants = await query.orderBy('tenant_id').execute();
    const used = await this.usedBy(tenants.map((row) => String(row.tenant_id)));
    const answer: TenantUsage[] = [];
    for (const row of tenants) {
      const tenantId = String(row.tenant_id);
      const limits = limitsOfRow(row as Record<string, unknown>);
      const counts = used.get(tenantId);
      const quotas: QuotaUsage[] = QUOTA_KINDS.map((kind) => ({ kind, limit: limits[kind], used: counts?.[kind] ?? 0 }));
      answer.push({ tenantId, tenantName: String(row.tenant_name ?? ''), quotas });
    }
    return answer;
  }

  /** Refuses an upload of `bytes` that would take the tenant's attachments beyond its storage limit. */
  async requireStorage(tenantId: string, bytes: number): Promise<void> {
    const { storage: limit } = await this.limits(tenantId);
    if (limit < 0) return;
    const used = (await this.usedBy([tenantId], this.db, ['storage'])).get(tenantId)?.storage ?? 0;
    if (used + bytes > limit) throw badRequest(QUOTA_MSG.storageFull, { limit: limit / MEGABYTE, remaining: Math.max(0, limit - used) });
  }

  /** Refuses `wanted` text messages when fewer remain of the tenant's month, naming how many remain. */
  async requireSms(tenantId: string, wanted: number, db: Db = this.db): Promise<void> {
    const { smsMonth: limit } = await this.limits(tenantId, db);
    if (limit < 0 || wanted <= 0) return;
    const used = (await this.usedBy([tenantId], db, ['smsMonth'])).get(tenantId)?.smsMonth ?? 0;
    const remaining = Math.max(0, limit - used);
    if (wanted > remaining) throw badRequest(QUOTA_MSG.smsMonthFull, { limit, remaining, wanted });
  }

  /** The tenant's e-mail limit of the day when it is used up, else null. */
  async mailDayFull(tenantId: string): Promise<{ sent: number; limit: number } | null> {
    const { mailDay: limit } = await this.limits(tenantId);
    if (limit < 0) return null;
    const sent = (await this.usedBy([tenantId], this.db, ['mailDay'])).get(tenantId)?.mailDay ?? 0;
    return sent >= limit ? { sent, limit } : null;
  }

  /**
   * Counts one API call of the tenant in the current minute; answers the seconds to wait when the
   * tenant's limit of the minute is passed, else null.
   */
  async countApiCall(tenantId: string): Promise<{ limit: number; retryAfter: number } | null> {
    const { apiMinute: limit } = await this.recentLimits(tenantId);
    if (limit < 0 || !this.store) return null;
    const window = minuteWindow();
    const calls = await this.store.increment(apiKey(tenantId, window), 60);
    if (calls <= limit) return null;
    return { limit, retryAfter: Math.max(1, Math.ceil(((window + 1) * 60_000 - Date.now()) / 1000)) };
  }
}
