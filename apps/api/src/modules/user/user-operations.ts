import { t, userEntity } from '@alumni/domain';
import type { AccessService } from '../../access/access-service.js';
import type { Params } from '../../access/params.js';
import type { SessionGuard } from '../../auth/session-guard.js';
import type { SignInService } from '../../auth/sign-in.js';
import type { Caller } from '../../core/caller.js';
import { badRequest, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { GrantOperations } from '../role/grant-operations.js';
import { initialPasswordHash } from './user-hooks.js';
import type { UserStore } from './user-store.js';

export const PLATFORM_MSG = {
  badType: t('用户平台不正确', 'The platform is not valid'),
  extTooLong: t('用户拓展信息过长', 'The platform extension is too long'),
};

/** The user calls beyond the entity engine: grant, reset, unlock, platform settings, own info. */
export class UserOperations {
  constructor(
    private readonly operations: EntityOperations,
    private readonly repository: EntityRepository,
    private readonly access: AccessService,
    private readonly grants: GrantOperations,
    private readonly store: UserStore,
    private readonly params: Params,
    private readonly signIn: SignInService,
    private readonly sessions: SessionGuard,
  ) {}

  /** The users named, all live and visible to the caller, after checking the button code. */
  private async users(caller: Caller, code: string, userIds: string[]): Promise<JsonRecord[]> {
    const scope = await this.operations.rowScope(userEntity, caller);
    await this.access.require(caller, code);
    const rows = await this.repository.findByIds(userEntity, scope, userIds);
    if (rows.length !== userIds.length) throw notFound();
    return rows;
  }

  private stamp(caller: Caller) {
    return { updateUser: caller.userId, updateTime: now() };
  }

  async grant(caller: Caller, userIds: string[], roleIds: string[]): Promise<void> {
    await this.users(caller, 'user_role', userIds);
    if (roleIds.length === 0) throw badRequest(t('请选择角色', 'Please select the roles'));
    await this.grants.checkAssignable(caller, roleIds);
    const scope = await this.operations.rowScope(userEntity, caller);
    for (const id of userIds) await this.repository.update(userEntity, scope, id, { roleId: roleIds.join(','), ...this.stamp(caller) });
  }

  async resetPassword(caller: Caller, userIds: string[]): Promise<void> {
    await this.users(caller, 'user_reset', userIds);
    const scope = await this.operations.rowScope(userEntity, caller);
    for (const id of userIds) {
      const password = await initialPasswordHash(this.params, caller.tenantId);
      await this.repository.update(userEntity, scope, id, { password, ...this.stamp(caller) });
    }
    // The reset password is known to the administrator: its owner changes it at the next sign-in (decision 237).
    await this.sessions.setMustChangePassword(userIds, true);
  }

  async unlock(caller: Caller, userIds: string[]): Promise<void> {
    const rows = await this.users(caller, 'user_unlock', userIds);
    for (const row of rows) await this.signIn.unlock(String(row.tenantId), String(row.account));
  }

  async platformDetail(caller: Caller, id: string) {
    const user = await this.operations.detail(userEntity, caller, id);
    const platforms = await this.store.platform(id);
    const type = Number(user.userType ?? 1);
    return { ...user, userExt: platforms.find((p) => p.userType === type)?.userExt ?? null, platforms };
  }

  async updatePlatform(caller: Caller, userId: string, userType: unknown, userExt: unknown): Promise<void> {
    const [user] = await this.users(caller, 'user_platform', [userId]);
    const type = Number(userType);
    if (!Number.isInteger(type) || type < 1 || type > 99) throw badRequest(PLATFORM_MSG.badType);
    const ext = userExt === undefined || userExt === null ? null : typeof userExt === 'string' ? userExt : JSON.stringify(userExt);
    if (ext && ext.length > 4000) throw badRequest(PLATFORM_MSG.extTooLong);
    await this.store.savePlatform(String(user?.tenantId), userId, type, ext);
    await this.repository.update(userEntity, await this.operations.rowScope(userEntity, caller), userId, { userType: type, ...this.stamp(caller) });
  }

  /** The signed-in user's own record. */
  async info(caller: Caller): Promise<JsonRecord> {
    const record = await this.repository.findById(userEntity, { tenantId: caller.tenantId }, caller.userId);
    if (!record) throw notFound();
    await this.operations.withDisplayNames(userEntity, caller, [record]);
    return record;
  }
}
