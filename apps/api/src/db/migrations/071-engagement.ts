import { ENGAGEMENT_FACTS, ENGAGEMENT_MODES, basicInfoEntity } from '@alumni/domain';
import { sql } from 'kysely';
import {
  ENGAGEMENT_TABLE, ENGAGEMENT_TREND_TABLE, ENGAGEMENT_WEIGHT_TABLE, SCORE_COLUMN, SCORE_COPY, countColumn, recomputeStatements, weightColumn,
} from '../../modules/engagement/engagement-sql.js';
import { createEngagementTriggers } from '../../modules/engagement/engagement-triggers.js';
import type { Db, Dialect } from '../database.js';
import { hasColumn } from '../entity-table.js';

/**
 * The engagement score (decisions 314–316): per alumnus each fact's count, the four modes' points,
 * the total and when computed; the tenants' weights; the monthly trend; the library's copy of the
 * total (`engagement_score`, 0 for a new record) with its filter index; the triggers that recompute
 * the alumni a write touches, on every table whose rows count; and every alumnus already there
 * computed once.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const time = dialect === 'postgres' ? sql`timestamp(0)` : sql`text`;
  let engagement = db.schema.createTable(ENGAGEMENT_TABLE)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('alumni_id', bigint, (c) => c.notNull());
  for (const fact of ENGAGEMENT_FACTS) engagement = engagement.addColumn(countColumn(fact.key), 'integer', (c) => c.notNull().defaultTo(0));
  for (const column of [...ENGAGEMENT_MODES, 'total']) engagement = engagement.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  await engagement.addColumn('compute_time', time).addPrimaryKeyConstraint(`${ENGAGEMENT_TABLE}_pk`, ['tenant_id', 'alumni_id']).execute();

  let weights = db.schema.createTable(ENGAGEMENT_WEIGHT_TABLE).addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey());
  for (const fact of ENGAGEMENT_FACTS) weights = weights.addColumn(weightColumn(fact.key), 'integer', (c) => c.notNull());
  await weights.addColumn('update_user', bigint).addColumn('update_time', time).execute();

  let trend = db.schema.createTable(ENGAGEMENT_TREND_TABLE)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('org_dept_id', bigint)
    .addColumn('alumni', 'integer', (c) => c.notNull())
    .addColumn('engaged', 'integer', (c) => c.notNull());
  for (const mode of ENGAGEMENT_MODES) trend = trend.addColumn(mode, 'integer', (c) => c.notNull());
  await trend.execute();
  await db.schema.createIndex(`${ENGAGEMENT_TREND_TABLE}_month`).on(ENGAGEMENT_TREND_TABLE).columns(['tenant_id', 'month']).execute();

  const table = basicInfoEntity.table;
  if (!(await hasColumn(db, dialect, table, SCORE_COLUMN))) {
    await db.schema.alterTable(table).addColumn(SCORE_COLUMN, 'integer', (c) => c.defaultTo(0)).execute();
  } else if (dialect === 'postgres') {
    await sql.raw(`alter table ${table} alter column ${SCORE_COLUMN} set default 0`).execute(db);
  }
  // A database made with the field in the definition has the column without a default: SQLite sets it on insert.
  if (dialect === 'sqlite') {
    await sql.raw(`create trigger ${table}_engagement_zero after insert on ${table} when new.${SCORE_COLUMN} is null
      begin update ${table} set ${SCORE_COLUMN} = 0 where id = new.id; end`).execute(db);
  }
  await db.schema.createIndex(`${table}_by_${SCORE_COLUMN}`).ifNotExists().on(table)
    .columns(['tenant_id', 'is_deleted', SCORE_COLUMN, 'create_time']).execute();
  await createEngagementTriggers(db, dialect, SCORE_COPY);
  await db.updateTable(table).set({ [SCORE_COLUMN]: 0 }).where(SCORE_COLUMN, 'is', null).execute();
  for (const statement of recomputeStatements(dialect, `select id from ${table} where is_deleted = 0`, SCORE_COPY)) await sql.raw(statement).execute(db);
}
