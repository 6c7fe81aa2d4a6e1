import {
  FIELD_PERMISSION_MSG, isFieldMode, permissionCodes, restrictableFields, routedEntities, type EntityDef, type FieldRule,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { AppError, badRequest } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import { ROLE_FIELD_TABLE } from '../../db/migrations/073-role-field-rules.js';
import type { GrantOperations } from './grant-operations.js';
import { idList, param } from './id-list.js';

const tags = ['Role (角色)'];

/** The entity a rule may name: a routed entity with a menu (its fields are what forms and lists show). */
const ruledEntity = (name: unknown): EntityDef => {
  const entity = routedEntities().find((e) => e.name === name && e.permission);
  if (!entity) throw badRequest(FIELD_PERMISSION_MSG.badEntity, { entity: String(name ?? '') });
  return entity;
};

/** The rules of a body: a list of `{field, mode}`, each a field of the entity and a known mode; a field once. */
function parsedRules(entity: EntityDef, raw: unknown): FieldRule[] {
  if (!Array.isArray(raw)) throw badRequest(FIELD_PERMISSION_MSG.badMode);
  const fields = new Set(restrictableFields(entity));
  const seen = new Set<string>();
  return raw.map((item: unknown) => {
    const { field, mode } = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    if (typeof field !== 'string' || !fields.has(field) || seen.has(field)) throw badRequest(FIELD_PERMISSION_MSG.badField, { entity: entity.name, field: String(field ?? '') });
    if (!isFieldMode(mode)) throw badRequest(FIELD_PERMISSION_MSG.badMode);
    seen.add(field);
    return { entity: entity.name, field, mode };
  });
}

/**
 * Field-level permissions of roles (decisions 320–322): read and replace a role's rules of one
 * entity, under the same rules as the grant of menus (`role_grant`, roles below the caller's own,
 * never its own, only entities whose menu the caller holds); and the signed-in caller's own
 * restricted fields, which the web client's generic forms and lists omit or disable.
 */
export function registerFieldRuleRoutes(app: FastifyInstance, grants: GrantOperations): void {
  const { database, access } = app.services;
  const caller = (req: FastifyRequest) => requireCaller(req.caller);

  const requireEntityHeld = async (c: Caller, entity: EntityDef) => {
    if (!c.isSuperAdmin && !(await access.can(c, permissionCodes(entity).menu))) throw new AppError(403, FIELD_PERMISSION_MSG.entityNotHeld);
  };

  app.get('/blade-system/role/field-rules', {
    schema: {
      tags, summary: "A role's field rules: each entity's hidden and read-only fields (entity, field, mode)",
      querystring: { type: 'object', properties: { roleId: { type: 'string' } }, required: ['roleId'] },
    },
  }, async (req) => {
    const c = caller(req);
    const [roleId] = idList((req.query as Record<string, unknown>).roleId, 'roleId', true) as [string];
    await grants.checkGrantable(c, [roleId]);
    const rows = await database.db.selectFrom(ROLE_FIELD_TABLE).select(['entity', 'field', 'mode'])
      .where('role_id', '=', roleId).where('tenant_id', '=', c.tenantId).orderBy('entity').orderBy('field').execute();
    return ok(rows.map((r) => ({ entity: String(r.entity), field: String(r.field), mode: String(r.mode) })), req.lang);
  });

  app.post('/blade-system/role/field-rules', {
    schema: {
      tags, summary: "Replaces a role's field rules of one entity (rules: [{field, mode: hidden | readonly}]; an empty list clears them)",
      body: {
        type: 'object', required: ['roleId', 'entity', 'rules'],
        properties: {
          roleId: { type: 'string' }, entity: { type: 'string', description: 'the entity by name (e.g. student)' },
          rules: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, mode: { type: 'string', enum: ['hidden', 'readonly'] } } } },
        },
      },
    },
  }, async (req) => {
    const c = caller(req);
    const [roleId] = idList(param(req.query, req.body, 'roleId'), 'roleId', true) as [string];
    await grants.checkGrantable(c, [roleId]);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const entity = ruledEntity(body.entity);
    await requireEntityHeld(c, entity);
    const rules = parsedRules(entity, body.rules);
    const stamp = now();
    await database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom(ROLE_FIELD_TABLE).where('role_id', '=', roleId).where('entity', '=', entity.name).execute();
      for (const rule of rules) {
        await tx.insertInto(ROLE_FIELD_TABLE).values({
          id: ids.next(), tenant_id: c.tenantId, role_id: roleId, entity: rule.entity, field: rule.field, mode: rule.mode, create_user: c.userId, create_time: stamp,
        }).execute();
      }
    });
    access.invalidate();
    return ok(true, req.lang);
  });

  app.get('/blade-system/menu/field-rules', {
    schema: { tags: ['Menus (菜单)'], summary: "The signed-in user's hidden and read-only fields, by entity then field" },
  }, async (req) => ok(await access.fields.all(caller(req), routedEntities()), req.lang));
}
