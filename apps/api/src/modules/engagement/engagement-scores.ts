import { ENGAGEMENT_MODES, basicInfoEntity } from '@alumni/domain';
import { sql } from 'kysely';
import { now } from '../../core/time.js';
import type { Db, Dialect } from '../../db/database.js';
import { ENGAGEMENT_TABLE, ENGAGEMENT_TREND_TABLE, recomputeIdsStatements } from './engagement-sql.js';

/** Alumni recomputed in one transaction by the full recomputation: a writer waits at most one chunk. */
export const RECOMPUTE_CHUNK = 2000;

export interface RecomputeOptions {
  signal?: AbortSignal;
  progress?: (done: number, total: number) => Promise<void>;
  chunk?: number;
}

/**
 * The full recomputation of a tenant's scores (decision 315): its live alumni in id order, a chunk
 * at a time, each chunk by the statements the triggers run, in a transaction of its own. Then the
 * month's trend row per unit. Answers the alumni recomputed.
 */
export async function recomputeTenant(db: Db, dialect: Dialect, tenantId: string, options: RecomputeOptions = {}): Promise<number> {
  const chunk = options.chunk ?? RECOMPUTE_CHUNK;
  const live = () => db.selectFrom(basicInfoEntity.table).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  const total = Number((await live().select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  let done = 0;
  let after: string | null = null;
  for (;;) {
    options.signal?.throwIfAborted();
    let page = live().select('id').orderBy('id').limit(chunk);
    if (after !== null) page = page.where('id', '>', after);
    const ids = (await page.execute()).map((r) => String((r as { id: unknown }).id));
    if (ids.length === 0) break;
    await db.transaction().execute(async (tx) => {
      // As the triggers do: the alumni rows are locked first, so a concurrent write's counts are read once it has committed.
      if (dialect === 'postgres') await sql.raw(`select 1 from ${basicInfoEntity.table} where id in (${ids.join(',')}) order by id for update`).execute(tx);
      for (const statement of recomputeIdsStatements(dialect, ids)) await sql.raw(statement).execute(tx);
    });
    done += ids.length;
    after = ids[ids.length - 1] as string;
    await options.progress?.(done, total);
    if (ids.length < chunk) break;
  }
  await recordTrend(db, tenantId);
  return done;
}

/** The month's trend rows of a tenant, per unit: its live alumni, those engaged at all and in each mode. */
export async function recordTrend(db: Db, tenantId: string, month = now().slice(0, 7)): Promise<void> {
  const engaged = (column: string) => sql<number>`sum(case when e.${sql.raw(column)} > 0 then 1 else 0 end)`;
  const rows = await db.selectFrom(`${basicInfoEntity.table} as b`)
    .leftJoin(`${ENGAGEMENT_TABLE} as e`, (j) => j.onRef('e.tenant_id', '=', 'b.tenant_id').onRef('e.alumni_id', '=', 'b.id'))
    .where('b.tenant_id', '=', tenantId).where('b.is_deleted', '=', 0)
    .select(['b.org_dept_id as org_dept_id', sql<number>`count(*)`.as('alumni'), engaged('total').as('engaged'),
      ...ENGAGEMENT_MODES.map((m) => engaged(m).as(m))])
    .groupBy('b.org_dept_id').execute();
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom(ENGAGEMENT_TREND_TABLE).where('tenant_id', '=', tenantId).where('month', '=', month).execute();
    if (rows.length === 0) return;
    await tx.insertInto(ENGAGEMENT_TREND_TABLE).values(rows.map((r) => {
      const row = r as Record<string, unknown>;
      return {
        tenant_id: tenantId, month, org_dept_id: row.org_dept_id ?? null, alumni: Number(row.alumni), engaged: Number(row.engaged ?? 0),
        ...Object.fromEntries(ENGAGEMENT_MODES.map((m) => [m, Number(row[m] ?? 0)])),
      };
    })).execute();
  });
}
