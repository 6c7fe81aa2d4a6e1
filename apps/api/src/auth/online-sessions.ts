import type { OnlineSessionView } from '@alumni/domain';
import { sql } from 'kysely';
import { formatDateTime, now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { ONLINE_SESSION_TABLE } from '../db/migrations/061-online-sessions.js';
import { plain } from '../db/row-mapping.js';

/** The last activity of a session is written at most this often (decision 287): reads stay reads. */
export const ACTIVITY_WRITE_SECONDS = 60;

/** What a new sign-in's session records. */
export interface SessionOpening {
  sid: string;
  tenantId: string;
  userId: string;
  account: string;
  realName: string;
  clientId: string;
  address: string | null;
  userAgent: string | null;
  /** The refresh token's expiry (seconds): the session ends then unless refreshed. */
  expiresAt: number;
}

/** The filters of the online users list. */
export interface SessionFilter {
  current: number;
  size: number;
  /** Only this tenant's sessions; null: every tenant's (the platform's administrator). */
  tenantId: string | null;
  account?: string;
  address?: string;
  /** The tenant searched for by the platform's administrator. */
  searchTenantId?: string;
}

const at = (seconds: number) => formatDateTime(new Date(seconds * 1000));

/** `value` as a LIKE prefix pattern matching it literally. */
const prefixPattern = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The records of staff sessions (decision 287): one row per sign-in, named by the `sid` each of its
 * tokens carries; the session guard reads the row on every use of a token, so deleting it ends the
 * session at once in every process.
 */
export class OnlineSessions {
  constructor(private readonly db: Db) {}

  /** Records a new sign-in's session, and forgets the user's sessions that have expired. */
  async open(s: SessionOpening): Promise<void> {
    const time = now();
    await this.db.deleteFrom(ONLINE_SESSION_TABLE).where('user_id', '=', s.userId).where('expire_time', '<', time).execute();
    await this.db.insertInto(ONLINE_SESSION_TABLE).values({
      id: s.sid, tenant_id: s.tenantId, user_id: s.userId, account: s.account.slice(0, 64), real_name: s.realName.slice(0, 64) || null,
      client_id: s.clientId.slice(0, 64), address: s.address?.slice(0, 64) ?? null, user_agent: s.userAgent?.slice(0, 255) ?? null,
      login_time: time, last_active_time: time, expire_time: at(s.expiresAt),
    }).execute();
  }

  /** A refresh keeps the session: it lasts as long as the new refresh token. */
  async extend(sid: string, expiresAt: number): Promise<void> {
    await this.db.updateTable(ONLINE_SESSION_TABLE).set({ expire_time: at(expiresAt), last_active_time: now() }).where('id', '=', sid).execute();
  }

  /**
   * Notes a use of the session seen at `lastActive`, unless it was noted within the last minute: at
   * most one write a minute per session, whichever process sees the use first.
   */
  async touch(sid: string, lastActive: string): Promise<void> {
    const threshold = formatDateTime(new Date(Date.now() - ACTIVITY_WRITE_SECONDS * 1000));
    if (lastActive >= threshold) return;
    await this.db.updateTable(ONLINE_SESSION_TABLE).set({ last_active_time: now() })
      .where('id', '=', sid).where('last_active_time', '<', threshold).execute();
  }

  /** Ends sessions by id: their tokens, access and refresh, are refused from the next request on. */
  async end(ids: readonly string[], db: Db = this.db): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom(ONLINE_SESSION_TABLE).where('id', 'in', [...ids]).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Ends every session of the users. */
  async endOfUsers(userIds: readonly string[], db: Db = this.db): Promise<number> {
    if (userIds.length === 0) return 0;
    const result = await db.deleteFrom(ONLINE_SESSION_TABLE).where('user_id', 'in', [...userIds]).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** One live session, or undefined. */
  async get(id: string): Promise<{ id: string; tenantId: string; userId: string; account: string } | undefined> {
    const row = await this.db.selectFrom(ONLINE_SESSION_TABLE).select(['id', 'tenant_id', 'user_id', 'account'])
      .where('id', '=', id).where('expire_time', '>=', now()).executeTakeFirst();
    return row ? { id: String(row.id), tenantId: String(row.tenant_id), userId: String(row.user_id), account: String(row.account) } : undefined;
  }

  /** The live sessions (not expired, of a user who is not removed), newest sign-in first. */
  async list(f: SessionFilter, currentSid: string | undefined): Promise<{ records: OnlineSessionView[]; total: number }> {
    let query = this.db.selectFrom(`${ONLINE_SESSION_TABLE} as s`)
      .innerJoin('blade_user as u', (join) => join.onRef('u.id', '=', 's.user_id').on('u.is_deleted', '=', 0))
      .leftJoin('blade_tenant as t', (join) => join.onRef('t.tenant_id', '=', 's.tenant_id').on('t.is_deleted', '=', 0))
      .where('s.expire_time', '>=', now());
    if (f.tenantId !== null) query = query.where('s.tenant_id', '=', f.tenantId);
    if (f.searchTenantId) query = query.where('s.tenant_id', '=', f.searchTenantId);
    if (f.account) query = query.where(sql<boolean>`${sql.ref('s.account')} like ${prefixPattern(f.account)} escape '\\'`);
    if (f.address) query = query.where(sql<boolean>`${sql.ref('s.address')} like ${prefixPattern(f.address)} escape '\\'`);
    const counted = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    const rows = await query
      .select(['s.id', 's.tenant_id', 't.tenant_name', 's.user_id', 's.account', 's.real_name', 's.client_id', 's.address', 's.user_agent',
        's.login_time', 's.last_active_time', 's.expire_time'])
      .orderBy('s.login_time', 'desc').orderBy('s.id')
      .limit(f.size).offset((f.current - 1) * f.size)
      .execute();
    const records = rows.map((row) => {
      const r = plain(row) as Record<string, unknown>;
      return {
        id: String(r.id), tenantId: String(r.tenantId), tenantName: (r.tenantName as string | null) ?? null, userId: String(r.userId),
        account: String(r.account), realName: (r.realName as string | null) ?? null, clientId: String(r.clientId),
        address: (r.address as string | null) ?? null, userAgent: (r.userAgent as string | null) ?? null,
        loginTime: String(r.loginTime), lastActiveTime: String(r.lastActiveTime), expireTime: String(r.expireTime),
        current: r.id === currentSid,
      };
    });
    return { records, total: Number(counted?.total ?? 0) };
  }
}
