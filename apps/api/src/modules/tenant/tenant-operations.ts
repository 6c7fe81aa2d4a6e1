import { PLATFORM_TENANT, datasourceEntity, t, tenantEntity, tenantPackageEntity, type TenantUsage } from '@alumni/domain';
import type { AccessService } from '../../access/access-service.js';
import type { Caller } from '../../core/caller.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { now, parseDateTime } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { TenantQuotas } from './tenant-quotas.js';
import type { TenantStore } from './tenant-store.js';

/** The role alias of a tenant's administrator (the role a new tenant starts with). */
const TENANT_ADMIN_ALIAS = 'admin';

export const SETTING_MSG = {
  badQuota: t('账号额度必须是不小于-1的整数', 'The account quota must be a whole number of at least -1'),
  badExpiry: t('过期时间格式不正确', 'The expiry time is not valid'),
  packageMissing: t('产品包不存在', 'The package does not exist'),
  datasourceMissing: t('数据源不存在', 'The data source does not exist'),
};

const ALL = { tenantId: null };

/** The tenant calls beyond the entity engine (all platform-only, like the tenant rows). */
export class TenantOperations {
  constructor(
    private readonly operations: EntityOperations,
    private readonly repository: EntityRepository,
    private readonly access: AccessService,
    private readonly store: TenantStore,
    private readonly quotas: TenantQuotas,
  ) {}

  private async tenants(caller: Caller, code: string, match: { ids?: string[]; tenantId?: string }): Promise<JsonRecord[]> {
    this.operations.scopeOf(tenantEntity, caller);
    await this.access.require(caller, code);
    const rows = match.ids
      ? await this.repository.findByIds(tenantEntity, ALL, match.ids)
      : await this.repository.all(tenantEntity, ALL, [{ field: 'tenantId', op: 'equal', value: match.tenantId ?? '' }]);
    if (rows.length === 0 || (match.ids && rows.length !== match.ids.length)) throw notFound();
    return rows;
  }

  private async update(caller: Caller, rows: JsonRecord[], values: Record<string, unknown>): Promise<void> {
    for (const row of rows) await this.repository.update(tenantEntity, ALL, String(row.id), { ...values, updateUser: caller.userId, updateTime: now() });
    this.access.invalidate();
  }

  /** Account quota (-1 = unlimited) and expiry (empty = never) of tenants. */
  async setting(caller: Caller, ids: string[], accountNumber: unknown, expireTime: unknown): Promise<void> {
    const rows = await this.tenants(caller, 'tenant_setting', { ids });
    const quota = accountNumber === undefined || accountNumber === '' ? -1 : Number(accountNumber);
    if (!Number.isInteger(quota) || quota < -1) throw badRequest(SETTING_MSG.badQuota);
    const expiry = expireTime === undefined || expireTime === null || expireTime === '' ? null : String(expireTime);
    if (expiry && (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(expiry) || Number.isNaN(parseDateTime(expiry).getTime()))) throw badRequest(SETTING_MSG.badExpiry);
    await this.update(caller, rows, { accountNumber: quota, expireTime: expiry });
  }

  /** Records the tenant's data source (a live row of the developer tools' data sources). */
  async datasource(caller: Caller, tenantId: string, datasourceId: string): Promise<void> {
    const rows = await this.tenants(caller, 'tenant_datasource', { tenantId });
    if (!(await this.repository.findById(datasourceEntity, ALL, datasourceId))) throw badRequest(SETTING_MSG.datasourceMissing);
    await this.update(caller, rows, { datasourceId });
  }

  async packageDetail(caller: Caller, tenantId: string): Promise<JsonRecord | null> {
    this.operations.scopeOf(tenantEntity, caller);
    await this.access.require(caller, 'tenant');
    const packageId = await this.store.packageOf(tenantId);
    return packageId ? this.repository.findById(tenantPackageEntity, ALL, packageId) : null;
  }

  /** Sets the tenant's package (empty = none): its roles then see only the package's menus, its administrator all of them. */
  async packageSetting(caller: Caller, tenantId: string, packageId: string | null): Promise<void> {
    const rows = await this.tenants(caller, 'tenant_package', { tenantId });
    const menus = packageId ? await this.store.packageMenus(packageId) : null;
    if (packageId && !menus) throw badRequest(SETTING_MSG.packageMissing);
    await this.update(caller, rows, { packageId });
    // The tenant's administrator gets what the package offers, as a new tenant's does.
    if (menus) await this.store.grantAdmins(tenantId, menus);
    this.access.invalidate();
  }

  /**
   * The tenants' quotas and usage: the platform administrator (the tenant menu, platform tenant)
   * sees every tenant's, or the one named; a tenant's administrator only its own.
   */
  async usage(caller: Caller, tenantId: string | null): Promise<TenantUsage[]> {
    if (caller.tenantId === PLATFORM_TENANT && (await this.access.can(caller, 'tenant'))) {
      return this.quotas.usage(tenantId === null ? null : [tenantId]);
    }
    if (!caller.isSuperAdmin && !caller.roleAliases.includes(TENANT_ADMIN_ALIAS)) throw forbidden();
    if (tenantId !== null && tenantId !== caller.tenantId) throw notFound();
    return this.quotas.usage([caller.tenantId]);
  }

  /** The login page's lookup: `{}` when no tenant owns the domain, as BladeX answers. */
  async info(domain: string): Promise<Record<string, string>> {
    return (domain ? await this.store.byDomain(domain) : null) ?? {};
  }

  /**
   * The tenants the caller may pick: every tenant for a platform-tenant caller who holds the tenant
   * menu, else only the caller's own.
   */
  async choices(caller: Caller) {
    const all = caller.tenantId === PLATFORM_TENANT && (await this.access.can(caller, 'tenant'));
    return this.store.choices(all ? null : caller.tenantId);
  }
}
