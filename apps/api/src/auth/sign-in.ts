import { randomUUID } from 'node:crypto';
import { PLATFORM_TENANT, SUPER_ADMIN_ALIAS, t } from '@alumni/domain';
import type { Params } from '../access/params.js';
import { now, parseDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import type { KvStore } from '../store/kv-store.js';
import type { OAuthClient } from './client-registry.js';
import type { OnlineSessions } from './online-sessions.js';
import { OAUTH_MSG, OAuthError } from './oauth-error.js';
import { hashPassword, md5Hex, verifyPassword } from './password.js';
import type { SessionGuard } from './session-guard.js';
import type { Identity, TokenService } from './tokens.js';

export interface SignInRequest {
  tenantId: string;
  account: string;
  /** MD5 hex of the typed password. */
  password: string;
  deptId?: string;
  roleId?: string;
  /** The caller's address: failures are counted, and guessers slowed, per address and account. */
  address: string;
  /** The client's own description (User-Agent), shown on the online users page. */
  userAgent?: string;
}

interface UserRow {
  id: string;
  tenant_id: string;
  account: string;
  password: string | null;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  status: number;
}

const DEFAULT_FAIL_COUNT = 5;
/** The first wait once an address has guessed `account.failCount` times wrong; each further failure doubles it. */
const FIRST_LOCK_SECONDS = 60;
/** How long an address's failures at one account are remembered (from the first), unless a success clears them. */
const FAILURE_MEMORY_SECONDS = 24 * 3600;

/** The refusal of an address that must wait, saying how long (whole minutes, rounded up). */
export const lockedOutFor = (seconds: number) => ({ minutes: Math.max(1, Math.ceil(seconds / 60)) });

/**
 * A hash no password matches, checked when the account is unknown so that an unknown account costs
 * the same hash work as a known one (answer times do not tell which accounts exist).
 */
export const UNKNOWN_ACCOUNT_HASH = hashPassword(md5Hex(`unknown-account-${Math.random()}`));

/** Sign-in and token refresh: tenant, the address's wait, credentials, roles, then a token pair. */
export class SignInService {
  constructor(
    private readonly db: Db,
    private readonly store: KvStore,
    private readonly tokens: TokenService,
    private readonly sessions: SessionGuard,
    private readonly params: Params,
    private readonly lockoutMinutes: number,
    private readonly lifetimes: { access: number | null; refresh: number | null },
    private readonly online: OnlineSessions,
  ) {}

  private accountKey = (tenantId: string, account: string) => `${tenantId}:${account.toLowerCase()}:`;
  private failKey = (tenantId: string, account: string, address: string) => `signin-fail:${this.accountKey(tenantId, account)}${address}`;
  private lockKey = (tenantId: string, account: string, address: string) => `signin-lock:${this.accountKey(tenantId, account)}${address}`;

  async checkTenant(tenantId: string): Promise<void> {
    const tenant = await this.db.selectFrom('blade_tenant').select(['expire_time'])
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!tenant) throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.tenantNotFound);
    if (tenant.expire_time && parseDateTime(String(tenant.expire_time)).getTime() < Date.now()) {
      throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.tenantExpired);
    }
  }

  /**
   * How many seconds this address must still wait before it may try this account again (0: none).
   * The same for known and unknown accounts, and whatever password is offered, so a waiting
   * address learns nothing about the account.
   */
  async lockedFor(tenantId: string, account: string, address: string): Promise<number> {
    const until = Number(await this.store.get(this.lockKey(tenantId, account, address)));
    return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
  }

  /**
   * Counts one failed proof of the password (a sign-in, or the login page's password change) from
   * this address towards its wait: from the `account.failCount`-th failure on, each makes the
   * address wait before its next try, 1 minute doubling up to the lockout minutes. Other addresses,
   * the account's owner among them, and the account's live sessions are not touched. Answers the
   * seconds this failure makes the address wait (0: none yet).
   */
  async recordFailure(tenantId: string, account: string, address: string): Promise<number> {
    const failures = await this.store.increment(this.failKey(tenantId, account, address), FAILURE_MEMORY_SECONDS);
    const limit = await this.params.number(tenantId, 'account.failCount', DEFAULT_FAIL_COUNT);
    if (failures < limit) return 0;
    const seconds = Math.min(this.lockoutMinutes * 60, FIRST_LOCK_SECONDS * 2 ** (failures - limit));
    await this.store.set(this.lockKey(tenantId, account, address), String(Date.now() + seconds * 1000), seconds);
    return seconds;
  }

  /** Forgets this address's failures at the account (after it proved the password). */
  async clearFailures(tenantId: string, account: string, address: string): Promise<void> {
    await this.store.delete(this.failKey(tenantId, account, address), this.lockKey(tenantId, account, address));
  }

  /** Lifts every address's wait and failures at the account (the users page's unlock). */
  async unlock(tenantId: string, account: string): Promise<void> {
    await this.store.deletePrefix(`signin-fail:${this.accountKey(tenantId, account)}`);
    await this.store.deletePrefix(`signin-lock:${this.accountKey(tenantId, account)}`);
  }

  async signIn(client: OAuthClient, req: SignInRequest) {
    if (!req.account || !req.password) throw new OAuthError(400, 'invalid_request', OAUTH_MSG.missingCredentials);
    await this.checkTenant(req.tenantId);
    const wait = await this.lockedFor(req.tenantId, req.account, req.address);
    if (wait > 0) throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.lockedOut, 'sign_in_failed', lockedOutFor(wait));
    const user = await this.findUser(req.tenantId, req.account);
    const check = await verifyPassword(user?.password ?? (await UNKNOWN_ACCOUNT_HASH), req.password);
    // An unknown account, a wrong password and a disabled account (whatever the password) answer
    // alike and count alike: no answer tells a caller without a token that an account exists or
    // that a password was right.
    if (!user || !check.ok || Number(user.status) !== 1) {
      const locked = await this.recordFailure(req.tenantId, req.account, req.address);
      throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.badCredentials, locked > 0 ? 'lockout' : 'sign_in_failed');
    }
    await this.clearFailures(req.tenantId, req.account, req.address);
    if (check.rehash) {
      user.password = await hashPassword(req.password);
      await this.db.updateTable('blade_user').set({ password: user.password, update_time: now() })
        .where('id', '=', user.id).execute();
    }
    return this.issueFor(client, user, { sid: randomUUID(), address: req.address, userAgent: req.userAgent ?? null }, req.deptId, req.roleId);
  }

  async refresh(client: OAuthClient, refreshToken: string, tenantId: string | undefined, deptId?: string, roleId?: string) {
    const claims = await this.tokens.check(refreshToken, 'refresh');
    if (!claims || (tenantId && claims.tenant_id !== tenantId) || claims.client_id !== client.clientId) {
      throw new OAuthError(401, 'invalid_grant', OAUTH_MSG.badRefresh);
    }
    await this.checkTenant(claims.tenant_id);
    const user = await this.db.selectFrom('blade_user').selectAll().where('id', '=', claims.user_id)
      .where('is_deleted', '=', 0).executeTakeFirst() as UserRow | undefined;
    if (!user || Number(user.status) !== 1) throw new OAuthError(401, 'invalid_grant', OAUTH_MSG.badRefresh);
    // The refresh token is spent once every check passed and just before the pair is made: of
    // parallel refreshes of one token exactly one gets a pair, the others 401 令牌已失效.
    // The pair continues the refresh token's session (decision 287).
    return this.issueFor(client, user, { sid: claims.sid }, deptId, roleId, async () => {
      if (!(await this.tokens.spend(claims.jti, claims.exp))) throw new OAuthError(401, 'invalid_grant', OAUTH_MSG.badRefresh);
    });
  }

  private async findUser(tenantId: string, account: string): Promise<UserRow | null> {
    const row = await this.db.selectFrom('blade_user').selectAll()
      .where('tenant_id', '=', tenantId).where('account', '=', account).where('is_deleted', '=', 0).executeTakeFirst();
    return (row as UserRow | undefined) ?? null;
  }

  /**
   * A token pair for the user. `session` names the sign-in's session: a new one (with its address,
   * recorded now) or the one a refresh continues, whose record then lasts as long as the new pair.
   */
  private async issueFor(
    client: OAuthClient, user: UserRow, session: { sid: string; address?: string; userAgent?: string | null },
    deptId?: string, roleId?: string, beforeIssue?: () => Promise<void>,
  ) {
    const userRoles = String(user.role_id ?? '').split(',').filter(Boolean);
    const userDepts = String(user.dept_id ?? '').split(',').filter(Boolean);
    if ((roleId && !userRoles.includes(roleId)) || (deptId && !userDepts.includes(deptId))) {
      throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.badSwitch);
    }
    const chosenRoles = roleId ? [roleId] : userRoles;
    const roles = chosenRoles.length
      ? await this.db.selectFrom('blade_role').select(['id', 'role_alias', 'role_name'])
        .where('id', 'in', chosenRoles).where('tenant_id', '=', user.tenant_id).where('is_deleted', '=', 0).execute()
      : [];
    if (roles.length === 0) throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.noRole);
    const sst = await this.sessions.currentStamp(String(user.id));
    if (sst === null) throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.badCredentials);
    const mustChange = await this.sessions.mustChangePassword(String(user.id));
    const identity: Identity = {
      client_id: client.clientId,
      tenant_id: String(user.tenant_id),
      user_id: String(user.id),
      account: String(user.account),
      user_name: String(user.name ?? user.account),
      real_name: String(user.real_name ?? ''),
      role_id: roles.map((r) => String(r.id)).join(','),
      role_name: roles.map((r) => String(r.role_alias)).join(','),
      role_alias: roles.map((r) => String(r.role_alias)).join(','),
      dept_id: deptId ?? userDepts.join(','),
      post_id: String(user.post_id ?? ''),
      sst,
      sid: session.sid,
      ...(mustChange ? { mcp: true } : {}),
    };
    await beforeIssue?.();
    const accessSeconds = this.lifetimes.access ?? client.accessTokenValidity;
    const refreshSeconds = this.lifetimes.refresh ?? client.refreshTokenValidity;
    const issued = this.tokens.issue(identity, accessSeconds, refreshSeconds);
    const refreshExpiresAt = Math.floor(Date.now() / 1000) + refreshSeconds;
    if (session.address === undefined) await this.online.extend(session.sid, refreshExpiresAt);
    else {
      await this.online.open({
        sid: session.sid, tenantId: identity.tenant_id, userId: identity.user_id, account: identity.account, realName: identity.real_name,
        clientId: client.clientId, address: session.address || null, userAgent: session.userAgent ?? null, expiresAt: refreshExpiresAt,
      });
    }
    return {
      access_token: issued.accessToken,
      token_type: 'bearer',
      refresh_token: issued.refreshToken,
      expires_in: issued.expiresIn,
      scope: 'all',
      jti: issued.accessJti,
      client_id: identity.client_id,
      tenant_id: identity.tenant_id,
      user_id: identity.user_id,
      dept_id: identity.dept_id,
      post_id: identity.post_id,
      role_id: identity.role_id,
      oauth_id: '',
      account: identity.account,
      user_name: identity.user_name,
      nick_name: identity.user_name,
      real_name: identity.real_name,
      role_name: identity.role_name,
      avatar: user.avatar ?? '',
      detail: { type: 'web' },
      // A reset password must be changed before anything else (decision 237).
      must_change_password: mustChange,
    };
  }
}

/** Whether a caller with these role aliases in this tenant is the platform's super administrator. */
export const isSuperAdmin = (tenantId: string, aliases: string[]) => tenantId === PLATFORM_TENANT && aliases.includes(SUPER_ADMIN_ALIAS);
