import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { forbidden } from '../../core/errors.js';

const tags = ['Session (会话)'];
const userIdQuery = { type: 'object', properties: { userId: { type: 'string' } } } as const;

/**
 * The departments and roles a user holds, for the department/role switch dialog. A user asks
 * about themself; only the super administrator may name another user.
 */
export function registerSessionRoutes(app: FastifyInstance): void {
  const { db } = app.services.database;

  async function heldIds(req: FastifyRequest, column: 'dept_id' | 'role_id'): Promise<{ caller: Caller; ids: string[] }> {
    const caller = requireCaller(req.caller);
    const { userId } = req.query as { userId?: string };
    const target = userId && /^\d+$/.test(userId) ? userId : caller.userId;
    if (target !== caller.userId && !caller.isSuperAdmin) throw forbidden();
    const user = await db.selectFrom('blade_user').select([column]).where('id', '=', target)
      .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    const ids = String((user as Record<string, unknown> | undefined)?.[column] ?? '').split(',').filter((id) => /^\d+$/.test(id));
    return { caller, ids };
  }

  app.get('/blade-system/dept/select', {
    schema: { tags, summary: 'The departments of the signed-in user: [{id, deptName}]', querystring: userIdQuery },
  }, async (req) => {
    const { caller, ids } = await heldIds(req, 'dept_id');
    if (ids.length === 0) return ok([], req.lang);
    const rows = await db.selectFrom('blade_dept').select(['id', 'dept_name']).where('id', 'in', ids)
      .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).orderBy('sort').orderBy('id').execute();
    return ok(rows.map((r) => ({ id: String(r.id), deptName: String(r.dept_name) })), req.lang);
  });

  app.get('/blade-system/role/select', {
    schema: { tags, summary: 'The roles of the signed-in user: [{id, roleName}]', querystring: userIdQuery },
  }, async (req) => {
    const { caller, ids } = await heldIds(req, 'role_id');
    if (ids.length === 0) return ok([], req.lang);
    const rows = await db.selectFrom('blade_role').select(['id', 'role_name']).where('id', 'in', ids)
      .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).orderBy('sort').orderBy('id').execute();
    return ok(rows.map((r) => ({ id: String(r.id), roleName: String(r.role_name) })), req.lang);
  });
}
