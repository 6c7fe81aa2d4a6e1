import { PLATFORM_TENANT, SUPER_ADMIN_ALIAS, t } from '@alumni/domain';
import type { Params } from '../access/params.js';
import { now, parseDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import type { KvStore } from '../store/kv-store.js';
import type { OAuthClient } from './client-registry.js';
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

export const ACCOUNT_DISABLED = t('该账号已被禁用,请联系管理员', 'This account is disabled, please contact the administrator');
const DEFAULT_FAIL_COUNT = 5;

/**
 * A hash no password matches, checked when the account is unknown so that an unknown account costs
 * the same hash work as a known one (answer times do not tell which accounts exist).
 */
const UNKNOWN_ACCOUNT_HASH = hashPassword(md5Hex(`unknown-account-${Math.random()}`));

/** Sign-in and token refresh: tenant, lockout, credentials, roles, then a token pair. */
export class SignInService {
  constructor(
    private readonly db: Db,
    private readonly store: KvStore,
    private readonly tokens: TokenService,
    private readonly sessions: SessionGuard,
    private readonly params: Params,
    private readonly lockoutMinutes: number,
    private readonly lifetimes: { access: number | null; refresh: number | null },
  ) {}

  private failKey = (tenantId: string, account: string) => `signin-fail:${tenantId}:${account.toLowerCase()}`;

  async checkTenant(tenantId: string): Promise<void> {
    const tenant = await this.db.selectFrom('blade_tenant').select(['expire_time'])
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!tenant) throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.tenantNotFound);
    if (tenant.expire_time && parseDateTime(String(tenant.expire_time)).getTime() < Date.now()) {
      throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.tenantExpired);
    }
  }

  async isLockedOut(tenantId: string, account: string): Promise<boolean> {
    const limit = await this.params.number(tenantId, 'account.failCount', DEFAULT_FAIL_COUNT);
    return Number(await this.store.get(this.failKey(tenantId, account))) >= limit;
  }

  /**
   * Counts one failed proof of the password (a sign-in, or the login page's password change)
   * towards the lockout; answers whether this failure is the one that locks the account.
   */
  async recordFailure(tenantId: string, account: string): Promise<boolean> {
    const failures = await this.store.increment(this.failKey(tenantId, account), this.lockoutMinutes * 60);
    const limit = await this.params.number(tenantId, 'account.failCount', DEFAULT_FAIL_COUNT);
    if (failures !== limit) return false;
    // A locked account's existing sessions end too: whoever is guessing may already hold one.
    const user = await this.findUser(tenantId, account);
    if (user) await this.sessions.endSessions([String(user.id)]);
    return true;
  }

  /** Lifts a sign-in lockout (the users page's unlock). */
  async unlock(tenantId: string, account: string): Promise<void> {
    await this.store.delete(this.failKey(tenantId, account));
  }

  async signIn(client: OAuthClient, req: SignInRequest) {
    if (!req.account || !req.password) throw new OAuthError(400, 'invalid_request', OAUTH_MSG.missingCredentials);
    await this.checkTenant(req.tenantId);
    if (await this.isLockedOut(req.tenantId, req.account)) throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.lockedOut);
    const user = await this.findUser(req.tenantId, req.account);
    const check = await verifyPassword(user?.password ?? (await UNKNOWN_ACCOUNT_HASH), req.password);
    if (!user || !check.ok) {
      const locked = await this.recordFailure(req.tenantId, req.account);
      throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.badCredentials, locked ? 'lockout' : 'sign_in_failed');
    }
    if (Number(user.status) !== 1) throw new OAuthError(400, 'invalid_grant', ACCOUNT_DISABLED);
    await this.store.delete(this.failKey(req.tenantId, req.account));
    if (check.rehash) {
      user.password = await hashPassword(req.password);
      await this.db.updateTable('blade_user').set({ password: user.password, update_time: now() })
        .where('id', '=', user.id).execute();
    }
    return this.issueFor(client, user, req.deptId, req.roleId);
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
    const issued = await this.issueFor(client, user, deptId, roleId);
    await this.tokens.revoke(claims.jti, claims.exp);
    return issued;
  }

  private async findUser(tenantId: string, account: string): Promise<UserRow | null> {
    const row = await this.db.selectFrom('blade_user').selectAll()
      .where('tenant_id', '=', tenantId).where('account', '=', account).where('is_deleted', '=', 0).executeTakeFirst();
    return (row as UserRow | undefined) ?? null;
  }

  private async issueFor(client: OAuthClient, user: UserRow, deptId?: string, roleId?: string) {
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
    };
    const accessSeconds = this.lifetimes.access ?? client.accessTokenValidity;
    const refreshSeconds = this.lifetimes.refresh ?? client.refreshTokenValidity;
    const issued = this.tokens.issue(identity, accessSeconds, refreshSeconds);
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
    };
  }
}

/** Whether a caller with these role aliases in this tenant is the platform's super administrator. */
export const isSuperAdmin = (tenantId: string, aliases: string[]) => tenantId === PLATFORM_TENANT && aliases.includes(SUPER_ADMIN_ALIAS);
