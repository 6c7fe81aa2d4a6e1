import { isId } from '@alumni/domain';
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
    // A run of digits no 64-bit id holds names no user (and would overflow PostgreSQL's bigint).
    if (!isId(target)) return { caller, ids: [] };
    const user = await db.selectFrom('blade_user').select([column]).where('id', '=', target)
      .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    const ids = String((user as Record<string, unknown> | undefined)?.[column] ?? '').split(',').filter((id) => /^\d+$/.test(id));
    return { caller, ids };
  }

  /** One "what the user holds" picker: the live rows of `table` named in the user's `column`. */
  const held = (path: string, column: 'dept_id' | 'role_id', table: 'blade_dept' | 'blade_role', name: 'dept_name' | 'role_name', key: string) =>
    app.get(path, {
      schema: { tags, summary: `The ${table === 'blade_dept' ? 'departments' : 'roles'} of the signed-in user: [{id, ${key}}]`, querystring: userIdQuery },
    }, async (req) => {
      const { caller, ids } = await heldIds(req, column);
      if (ids.length === 0) return ok([], req.lang);
      const rows = await db.selectFrom(table).select(['id', name]).where('id', 'in', ids)
        .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).orderBy('sort').orderBy('id').execute();
      return ok(rows.map((r) => ({ id: String(r.id), [key]: String((r as Record<string, unknown>)[name]) })), req.lang);
    });

  held('/blade-system/dept/select', 'dept_id', 'blade_dept', 'dept_name', 'deptName');
  held('/blade-system/role/select', 'role_id', 'blade_role', 'role_name', 'roleName');
}
