import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { now, parseDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import { ONLINE_SESSION_TABLE } from '../db/migrations/061-online-sessions.js';
import type { OnlineSessions } from './online-sessions.js';
import type { TokenClaims } from './tokens.js';

/** The table of explicit session endings (migration 010): a user's version, raised to end every token. */
export const SESSION_TABLE = 'app_user_session';

interface SessionRow {
  tenant_id: string;
  password: string | null;
  role_id: string | null;
  dept_id: string | null;
  status: number;
  is_deleted: number;
  version: number | null;
  tenant_live: string | null;
  expire_time: string | null;
  /** The token's session record (decision 287), when one was asked for and stands. */
  session_id?: string | null;
  last_active_time?: string | null;
}

/**
 * Whether a token's session still stands, read from the database on every use so that it holds at
 * once and across processes. A token carries the user's session stamp from when it was issued: an
 * HMAC of what its rights were born with (password hash, roles, departments) and of the explicit
 * session version. Changing any of them (role replaced, password changed or reset)
 * changes the stamp and ends every older token; a removed or disabled user, or a removed or expired
 * tenant, ends them too. Tokens hold no password material: the stamp is a keyed hash.
 */
export class SessionGuard {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** The session records: a token's `sid` must name one of its user (decision 287). */
    private readonly online?: OnlineSessions,
  ) {}

  /** The user's row, session version and tenant, and (with `sid`) the token's session record, in one query by primary keys. */
  private async read(userId: string, sid?: string): Promise<SessionRow | undefined> {
    const base = this.db.selectFrom('blade_user as u')
      .leftJoin(`${SESSION_TABLE} as s`, 's.user_id', 'u.id')
      .leftJoin('blade_tenant as t', (join) => join.onRef('t.tenant_id', '=', 'u.tenant_id').on('t.is_deleted', '=', 0))
      .select(['u.tenant_id', 'u.password', 'u.role_id', 'u.dept_id', 'u.status', 'u.is_deleted', 's.version', 't.tenant_id as tenant_live', 't.expire_time'])
      .where('u.id', '=', userId);
    if (sid === undefined) return await base.executeTakeFirst() as SessionRow | undefined;
    return await base
      .leftJoin(`${ONLINE_SESSION_TABLE} as o`, (join) => join.on('o.id', '=', sid).onRef('o.user_id', '=', 'u.id'))
      .select(['o.id as session_id', 'o.last_active_time'])
      .executeTakeFirst() as SessionRow | undefined;
  }

  private stampOf(row: SessionRow): string {
    const material = [row.version ?? 0, row.tenant_id, row.password ?? '', row.role_id ?? '', row.dept_id ?? ''].join('\u0001');
    return createHmac('sha256', this.secret).update(material).digest('base64url').slice(0, 22);
  }

  private live(row: SessionRow | undefined): row is SessionRow {
    if (!row || Number(row.is_deleted) !== 0 || Number(row.status) !== 1 || row.tenant_live === null) return false;
    return !row.expire_time || parseDateTime(String(row.expire_time)).getTime() >= Date.now();
  }

  /** The stamp a token issued now to this user carries, or null when the user may not have a session. */
  async currentStamp(userId: string): Promise<string | null> {
    const row = await this.read(userId);
    return this.live(row) ? this.stampOf(row) : null;
  }

  /**
   * Whether the token's session stands: the user and tenant live, the stamp unchanged and the
   * session record (`sid`) still there. A use is noted on the record at most once a minute.
   */
  async isCurrent(claims: Pick<TokenClaims, 'user_id' | 'tenant_id' | 'sst' | 'sid'>): Promise<boolean> {
    if (this.online && typeof claims.sid !== 'string') return false;
    const row = await this.read(claims.user_id, this.online ? claims.sid : undefined);
    const stands = this.live(row) && String(row.tenant_id) === claims.tenant_id && this.stampOf(row) === claims.sst;
    if (!this.online || !row?.session_id) return stands && !this.online;
    // A session whose user can no longer hold it leaves the list of online users at its next use.
    if (!stands) await this.online.end([claims.sid]);
    else if (row.last_active_time) await this.online.touch(claims.sid, String(row.last_active_time));
    return stands;
  }

  /**
   * Marks (or clears) the users' next sign-in as one that must change the password first (an
   * administrator's reset, decision 237). The mark is read when a token is issued.
   */
  async setMustChangePassword(userIds: string[], must: boolean, db: Db = this.db): Promise<void> {
    const value = must ? 1 : 0;
    for (const userId of userIds) {
      await db.insertInto(SESSION_TABLE).values({ user_id: userId, version: 0, must_change_password: value, update_time: now() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ must_change_password: value, update_time: now() }))
        .execute();
    }
  }

  /** Whether the user must change the password before anything else. */
  async mustChangePassword(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom(SESSION_TABLE).select('must_change_password').where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.must_change_password ?? 0) === 1;
  }

  /** Ends every existing session of the users (their tokens are refused from now on, in every process). */
  async endSessions(userIds: string[], db: Db = this.db): Promise<void> {
    await this.online?.endOfUsers(userIds, db);
    for (const userId of userIds) {
      await db.insertInto(SESSION_TABLE).values({ user_id: userId, version: 1, update_time: now() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ version: sql`${sql.table(SESSION_TABLE)}.version + 1`, update_time: now() }))
        .execute();
    }
  }
}
