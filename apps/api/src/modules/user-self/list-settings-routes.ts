import { isListKey, LIST_SETTINGS_LIMITS, LIST_SETTINGS_MSG, readColumnSettings, type ListColumnSetting, type ListSettings } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { AppError, badRequest } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { LIST_SETTING_TABLE } from '../../db/migrations/074-list-settings.js';

const tags = ['Personal info (个人信息)'];
const keyQuery = { type: 'object', properties: { listKey: { type: 'string' } } } as const;

function listKeyOf(raw: unknown): string {
  if (!isListKey(raw)) throw badRequest(LIST_SETTINGS_MSG.badKey);
  return raw;
}

/** The caller's own row of a list: their tenant, their user, that list (decision 327). */
const own = (db: Db, caller: Caller, listKey: string) => db.selectFrom(LIST_SETTING_TABLE)
  .where('tenant_id', '=', caller.tenantId).where('user_id', '=', caller.userId).where('list_key', '=', listKey);

/**
 * The signed-in user's settings of each list (decision 327): read, saved whole, and reset (the
 * row deleted, so the list shows its defined columns again). Only ever the caller's own rows.
 */
export function registerListSettingsRoutes(app: FastifyInstance): void {
  const { db } = app.services.database;

  app.get('/blade-user/list-settings', {
    schema: { tags, summary: 'The signed-in user\'s column settings of one list (columns empty when none are saved)', querystring: keyQuery },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const listKey = listKeyOf((req.query as { listKey?: unknown }).listKey);
    const row = await own(db, caller, listKey).select('columns').executeTakeFirst();
    const columns = row ? (JSON.parse(String(row.columns)) as ListColumnSetting[]) : [];
    return ok<ListSettings>({ listKey, columns }, req.lang);
  });

  app.post('/blade-user/list-settings', {
    schema: {
      tags, summary: 'Saves the signed-in user\'s column settings of one list (order, shown, width, pinned)',
      body: { type: 'object', properties: { listKey: { type: 'string' }, columns: { type: 'array' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const listKey = listKeyOf(body.listKey);
    const read = readColumnSettings(body.columns);
    if ('problem' in read) throw new AppError(400, read.problem);
    const stamp = now();
    const saved = await db.transaction().execute(async (tx) => {
      if (!(await own(tx, caller, listKey).select('id').executeTakeFirst())) {
        const kept = await tx.selectFrom(LIST_SETTING_TABLE).select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', caller.tenantId).where('user_id', '=', caller.userId).executeTakeFirst();
        if (Number(kept?.n ?? 0) >= LIST_SETTINGS_LIMITS.listsPerUser) return false;
      }
      await tx.insertInto(LIST_SETTING_TABLE).values({
        id: ids.next(), tenant_id: caller.tenantId, user_id: caller.userId, list_key: listKey, columns: JSON.stringify(read.columns), update_time: stamp,
      }).onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'list_key']).doUpdateSet({ columns: JSON.stringify(read.columns), update_time: stamp }))
        .execute();
      return true;
    });
    if (!saved) throw badRequest(LIST_SETTINGS_MSG.tooManyLists, { max: LIST_SETTINGS_LIMITS.listsPerUser });
    return ok<ListSettings>({ listKey, columns: read.columns }, req.lang);
  });

  app.post('/blade-user/list-settings/reset', {
    schema: { tags, summary: 'Forgets the signed-in user\'s column settings of one list', querystring: keyQuery },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const listKey = listKeyOf((req.query as { listKey?: unknown }).listKey);
    await db.deleteFrom(LIST_SETTING_TABLE).where('tenant_id', '=', caller.tenantId).where('user_id', '=', caller.userId)
      .where('list_key', '=', listKey).execute();
    return ok<ListSettings>({ listKey, columns: [] }, req.lang);
  });
}
