import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { now, parseDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
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
    /** How a request's check takes its turn for a connection (see `Database.inTurn`). */
    private readonly inTurn: <T>(task: () => Promise<T>) => Promise<T> = (task) => task(),
  ) {}

  private async read(userId: string): Promise<SessionRow | undefined> {
    return await this.db.selectFrom('blade_user as u')
      .leftJoin(`${SESSION_TABLE} as s`, 's.user_id', 'u.id')
      .leftJoin('blade_tenant as t', (join) => join.onRef('t.tenant_id', '=', 'u.tenant_id').on('t.is_deleted', '=', 0))
      .select(['u.tenant_id', 'u.password', 'u.role_id', 'u.dept_id', 'u.status', 'u.is_deleted', 's.version', 't.tenant_id as tenant_live', 't.expire_time'])
      .where('u.id', '=', userId)
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

  async isCurrent(claims: Pick<TokenClaims, 'user_id' | 'tenant_id' | 'sst'>): Promise<boolean> {
    const row = await this.inTurn(() => this.read(claims.user_id));
    return this.live(row) && String(row.tenant_id) === claims.tenant_id && this.stampOf(row) === claims.sst;
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
    for (const userId of userIds) {
      await db.insertInto(SESSION_TABLE).values({ user_id: userId, version: 1, update_time: now() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ version: sql`${sql.table(SESSION_TABLE)}.version + 1`, update_time: now() }))
        .execute();
    }
  }
}
