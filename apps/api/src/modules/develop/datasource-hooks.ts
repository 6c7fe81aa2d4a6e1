import { DEVELOP_MSG, modelEntity, tenantEntity, type EntityDef } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { OutboundGuard } from '../../security/outbound-address.js';
import { tryConnection } from './connection-check.js';
import { effectiveSettings } from './datasource-settings.js';

/** The fields a connection is made of: changing any of them tries the connection again. */
const CONNECTION_FIELDS = ['driverClass', 'url', 'username', 'password'] as const;

/** The entities whose rows name a data source (`datasource_id`). */
const USERS: readonly EntityDef[] = [tenantEntity, modelEntity];

/**
 * A data source is saved only when it connects: a new one always, an edit when it changes the
 * driver, address, user or password (a remark is saved while the database is down). The connection
 * is tried before the write's transaction opens. A data source a tenant or a model names cannot be
 * removed.
 */
export function datasourceHooks(guard: OutboundGuard): EntityHooks {
  return {
    async beforeTransaction(ctx, values, existing) {
      const settings = effectiveSettings(values, existing);
      const changes = !existing || CONNECTION_FIELDS.some((name) => (settings[name] ?? null) !== ((existing[name] as string | null | undefined) ?? null));
      if (changes) await tryConnection(guard, settings, ctx.lang);
    },
    async beforeRemove(ctx, rows) {
      for (const row of rows) {
        for (const entity of USERS) {
          const used = await ctx.db.selectFrom(entity.table).select('id').where('datasource_id', '=', String(row.id)).where('is_deleted', '=', 0)
            .limit(1).executeTakeFirst();
          if (used) throw badRequest(DEVELOP_MSG.datasourceInUse, { name: String(row.name ?? '') });
        }
      }
    },
  };
}
