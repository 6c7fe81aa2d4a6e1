import { t } from '@alumni/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { badRequest } from './errors.js';

const DEFAULT_TENANT = '000000';
const TENANT_FORMAT = /^\d{6}$/;
export const UNKNOWN_TENANT = t('租户ID未找到', 'Tenant not found');

/**
 * The tenant of a public call (registration, survey answers): the `Tenant-Id` header, 000000 when
 * absent; a malformed or unknown one is a 400 租户ID未找到.
 */
export async function publicTenantOf(db: Db, req: FastifyRequest): Promise<string> {
  const raw = String(req.headers['tenant-id'] ?? '').trim() || DEFAULT_TENANT;
  if (!TENANT_FORMAT.test(raw)) throw badRequest(UNKNOWN_TENANT);
  const tenant = await db.selectFrom('blade_tenant').select('id').where('tenant_id', '=', raw).where('is_deleted', '=', 0).executeTakeFirst();
  if (!tenant) throw badRequest(UNKNOWN_TENANT);
  return raw;
}
