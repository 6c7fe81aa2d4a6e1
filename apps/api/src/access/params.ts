import { PLATFORM_TENANT } from '@alumni/domain';
import type { Db } from '../db/database.js';

/** Reads parameters (`blade_param`): a tenant's own value first, then the platform tenant's. */
export class Params {
  constructor(private readonly db: Db) {}

  /** `db` is the caller's transaction when read inside one. */
  async get(tenantId: string, key: string, db: Db = this.db): Promise<string | null> {
    const rows = await db.selectFrom('blade_param').select(['tenant_id', 'param_value'])
      .where('param_key', '=', key).where('is_deleted', '=', 0).where('tenant_id', 'in', [tenantId, PLATFORM_TENANT]).execute();
    const own = rows.find((r) => r.tenant_id === tenantId) ?? rows[0];
    return own ? String(own.param_value) : null;
  }

  async number(tenantId: string, key: string, fallback: number, db: Db = this.db): Promise<number> {
    const value = Number(await this.get(tenantId, key, db));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }
}
