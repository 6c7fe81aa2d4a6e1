import { ALUMNI_TAG_MSG, ALUMNI_TAG_PICKER, alumniTagEntity, alumniTagGroupEntity, basicInfoEntity } from '@alumni/domain';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';

/** The picker of a tenant's tag groups. */
export const ALUMNI_TAG_GROUP_PICKER = '/blade-alumniTag/tagGroup/select';

/** A group is removed only once it holds no tags. */
export function alumniTagGroupHooks(): EntityHooks {
  return {
    async beforeRemove(ctx, rows) {
      const groupIds = rows.map((r) => String(r.id));
      if (groupIds.length === 0) return;
      const used = await ctx.db.selectFrom(alumniTagEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId)
        .where('group_id', 'in', groupIds).where('is_deleted', '=', 0).limit(1).executeTakeFirst();
      if (used) throw badRequest(ALUMNI_TAG_MSG.groupInUse);
    },
  };
}

/** A tag removed is taken off every alumni record of the tenant holding it, in the same transaction. */
export function alumniTagHooks(): EntityHooks {
  return {
    async beforeRemove(ctx, rows) {
      const removed = new Set(rows.map((r) => String(r.id)));
      if (removed.size === 0) return;
      const holders = await ctx.db.selectFrom(basicInfoEntity.table).select(['id', 'tags']).where('tenant_id', '=', ctx.caller.tenantId)
        .where((eb) => eb.or([...removed].map((id) => sql<boolean>`(',' || ${eb.ref('tags')} || ',') like ${`%,${id},%`}`)))
        .execute();
      for (const row of holders) {
        const kept = String(row.tags).split(',').filter((id) => id !== '' && !removed.has(id));
        await ctx.db.updateTable(basicInfoEntity.table).set({ tags: kept.length ? kept.join(',') : null }).where('id', '=', row.id).execute();
      }
    },
  };
}

/** The pickers of the tag taxonomy: groups, and tags with their colours and groups (by group order, then tag order). */
export function registerAlumniTagRoutes(app: FastifyInstance): void {
  const { operations, repository } = app.services;
  app.get(ALUMNI_TAG_GROUP_PICKER, {
    schema: { tags: [`${alumniTagGroupEntity.label.en} (${alumniTagGroupEntity.label.zh})`], summary: "The tenant's tag groups for pickers, in order" },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const scope = await operations.authoriseRead(alumniTagGroupEntity, caller);
    const rows = await repository.all(alumniTagGroupEntity, scope, [], [{ field: 'sort', desc: false }, { field: 'createTime', desc: false }], 1000);
    return ok(rows.map((r) => ({ id: r.id, groupName: r.groupName })), req.lang);
  });
  app.get(ALUMNI_TAG_PICKER, {
    schema: { tags: [`${alumniTagEntity.label.en} (${alumniTagEntity.label.zh})`], summary: "The tenant's tags for pickers: id, name, colour and group, by group order then tag order" },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const scope = await operations.authoriseRead(alumniTagEntity, caller);
    const groupScope = operations.scopeOf(alumniTagGroupEntity, caller, 'read');
    const groups = await repository.all(alumniTagGroupEntity, groupScope, [], [{ field: 'sort', desc: false }, { field: 'createTime', desc: false }], 1000);
    const order = new Map(groups.map((g, i) => [String(g.id), { i, name: g.groupName }]));
    const tags = await repository.all(alumniTagEntity, scope, [], [{ field: 'sort', desc: false }, { field: 'createTime', desc: false }], 5000);
    const rank = (id: unknown) => order.get(String(id))?.i ?? Number.MAX_SAFE_INTEGER;
    const sorted = tags.map((tag, i) => ({ tag, i })).sort((a, b) => rank(a.tag.groupId) - rank(b.tag.groupId) || a.i - b.i);
    return ok(sorted.map(({ tag }) => ({
      id: tag.id, tagName: tag.tagName, color: tag.color, groupId: tag.groupId, groupName: order.get(String(tag.groupId))?.name ?? null,
    })), req.lang);
  });
}
