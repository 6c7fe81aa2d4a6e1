import { createHash, randomBytes } from 'node:crypto';
import { basicInfoEntity, t, type Lang } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import { ids } from '../core/ids.js';
import { langOf } from '../core/lang.js';
import { formatDateTime, now, parseDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import { PORTAL_SESSION_TABLE } from '../db/migrations/047-portal-sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the alumni portal: it answers portal tokens (`requireAlumnus`), which every other route refuses. */
    portal?: boolean;
  }
}

/** The signed-in alumnus of a portal call: a row of `alumni_basic_info` in a tenant. */
export type Alumnus = { tenantId: string; alumnusId: string; name: string; sessionId: string; lang: 'zh' | 'en' };

/** The header a portal token travels in (`Portal-Auth: bearer <token>`), never the staff one. */
export const PORTAL_HEADER = 'portal-auth';

/**
 * Every portal token starts so: the staff sign-in check knows one at sight and refuses it, whatever
 * header carries it (a staff token is a JWT, whose first part never starts so).
 */
export const PORTAL_TOKEN_PREFIX = 'portal.';

/** How long a portal session lasts when neither the configuration nor the demo client says (7 days, as the staff refresh). */
const DEFAULT_SESSION_SECONDS = 604_800;

export const PORTAL_MSG = {
  signInNeeded: t('请先登录校友门户', 'Please sign in to the alumni portal first'),
  sessionEnded: t('登录已失效，请重新登录', 'Your sign-in has ended; please sign in again'),
  staffToken: t('校友门户不接受工作人员令牌', 'The alumni portal does not accept staff tokens'),
  portalToken: t('校友门户令牌不能用于管理后台', 'An alumni portal token is not accepted by the back office'),
} as const;

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** Whether a token (the part after `bearer`) is a portal token. */
export const isPortalToken = (token: string): boolean => token.startsWith(PORTAL_TOKEN_PREFIX);

/** The token of an `<x>: bearer <token>` header value, or null. */
export const bearerOf = (header: string | string[] | undefined): string | null =>
  BEARER.exec((Array.isArray(header) ? header[0] : header) ?? '')?.[1] ?? null;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

interface SessionRow {
  id: string | number;
  tenant_id: string;
  alumnus_id: string | number;
  expire_time: string;
  end_time: string | null;
  name: string | null;
  status: number | null;
  is_deleted: number | null;
  tenant_live: string | null;
  tenant_expire: string | null;
}

/**
 * The portal's sessions (decision 245): a random opaque token per sign-in, of which only the
 * SHA-256 is stored, with its expiry. A session stands while it is unexpired, not signed out, its
 * alumnus is neither removed nor disabled and its tenant neither removed nor expired; the check
 * reads the database on every call, so sign-out holds at once and across processes.
 */
export class PortalSessions {
  constructor(
    private readonly db: Db,
    /** The configured session length (the staff refresh lifetime), or null to take the demo client's. */
    private readonly configuredSeconds: number | null,
  ) {}

  /** How long a new session lasts: as long as a staff session can be kept without signing in again. */
  async lifetimeSeconds(): Promise<number> {
    if (this.configuredSeconds) return this.configuredSeconds;
    const client = await this.db.selectFrom('blade_client').select('refresh_token_validity')
      .where('client_id', '=', 'saber').where('is_deleted', '=', 0).executeTakeFirst();
    const seconds = Number(client?.refresh_token_validity ?? 0);
    return seconds > 0 ? seconds : DEFAULT_SESSION_SECONDS;
  }

  /** Opens a session for an alumnus (whose identity the caller has proved) and answers its token. */
  async open(tenantId: string, alumnusId: string, channel: string, address: string | null, db: Db = this.db): Promise<{ token: string; sessionId: string; expiresAt: string }> {
    const token = `${PORTAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const sessionId = ids.next();
    const expiresAt = formatDateTime(new Date(Date.now() + (await this.lifetimeSeconds()) * 1000));
    await db.insertInto(PORTAL_SESSION_TABLE).values({
      token_hash: tokenHash(token), id: sessionId, tenant_id: tenantId, alumnus_id: alumnusId, channel,
      address: address ? address.slice(0, 64) : null, create_time: now(), expire_time: expiresAt, end_time: null,
    }).execute();
    return { token, sessionId, expiresAt };
  }

  /** The alumnus of a live session holding this token, or null. */
  async find(token: string, lang: Lang): Promise<Alumnus | null> {
    if (!isPortalToken(token)) return null;
    const row = await this.db.selectFrom(`${PORTAL_SESSION_TABLE} as s`)
      .leftJoin(`${basicInfoEntity.table} as a`, 'a.id', 's.alumnus_id')
      .leftJoin('blade_tenant as t', (join) => join.onRef('t.tenant_id', '=', 's.tenant_id').on('t.is_deleted', '=', 0))
      .select(['s.id', 's.tenant_id', 's.alumnus_id', 's.expire_time', 's.end_time', 'a.name', 'a.status', 'a.is_deleted',
        't.tenant_id as tenant_live', 't.expire_time as tenant_expire'])
      .where('s.token_hash', '=', tokenHash(token))
      .executeTakeFirst() as SessionRow | undefined;
    if (!row || row.end_time !== null || row.tenant_live === null) return null;
    if (parseDateTime(String(row.expire_time)).getTime() <= Date.now()) return null;
    if (row.tenant_expire && parseDateTime(String(row.tenant_expire)).getTime() < Date.now()) return null;
    if (row.is_deleted === null || Number(row.is_deleted) !== 0 || Number(row.status ?? 1) !== 1) return null;
    return { tenantId: String(row.tenant_id), alumnusId: String(row.alumnus_id), name: String(row.name ?? ''), sessionId: String(row.id), lang };
  }

  /** Ends one session (sign-out): its token is refused from now on. */
  async end(sessionId: string): Promise<void> {
    await this.db.updateTable(PORTAL_SESSION_TABLE).set({ end_time: now() })
      .where('id', '=', sessionId).where('end_time', 'is', null).execute();
  }

  /** Ends every live session of an alumnus (a removal, an anonymisation). */
  async endAllOf(tenantId: string, alumnusId: string, db: Db = this.db): Promise<void> {
    await db.updateTable(PORTAL_SESSION_TABLE).set({ end_time: now() })
      .where('tenant_id', '=', tenantId).where('alumnus_id', '=', alumnusId).where('end_time', 'is', null).execute();
  }

  /** When the alumnus first and last signed in to the portal, or null when never. */
  async signInsOf(tenantId: string, alumnusId: string): Promise<{ first: string; last: string; count: number } | null> {
    const row = await this.db.selectFrom(PORTAL_SESSION_TABLE)
      .select((eb) => [eb.fn.min('create_time').as('first'), eb.fn.max('create_time').as('last'), eb.fn.countAll().as('count')])
      .where('tenant_id', '=', tenantId).where('alumnus_id', '=', alumnusId).executeTakeFirst();
    if (!row || Number(row.count) === 0 || row.first === null) return null;
    return { first: String(row.first), last: String(row.last), count: Number(row.count) };
  }
}

const sessionsOf = new WeakMap<FastifyInstance, PortalSessions>();

/** The portal sessions of an app (made once per app, from its database and configuration). */
export function portalSessions(app: FastifyInstance): PortalSessions {
  let sessions = sessionsOf.get(app);
  if (!sessions) {
    const { database, config } = app.services;
    sessions = new PortalSessions(database.db, config.refreshTokenSeconds);
    sessionsOf.set(app, sessions);
  }
  return sessions;
}

const resolved = new WeakMap<FastifyRequest, Alumnus>();

/**
 * The signed-in alumnus of a portal call (`Portal-Auth: bearer <portal token>`), or a 401 in the
 * caller's language. A staff token, in whichever header, is refused: only a live portal session answers.
 */
export async function requireAlumnus(req: FastifyRequest): Promise<Alumnus> {
  const known = resolved.get(req);
  if (known) return known;
  const lang = (req as { lang?: Lang }).lang ?? langOf(req.headers['accept-language']);
  const token = bearerOf(req.headers[PORTAL_HEADER]);
  if (!token) throw new AppError(401, PORTAL_MSG.signInNeeded);
  if (!isPortalToken(token)) throw new AppError(401, PORTAL_MSG.staffToken);
  const alumnus = await portalSessions(req.server).find(token, lang);
  if (!alumnus) throw new AppError(401, PORTAL_MSG.sessionEnded);
  resolved.set(req, alumnus);
  return alumnus;
}
