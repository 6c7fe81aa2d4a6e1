import { routedEntities, viewFields, type Condition, type EntityDef, type Field } from '@alumni/domain';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRepository } from '../engine/entity-repository.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { insertSyntheticRows, SYNTHETIC_TENANT } from '../test-support/synthetic-rows.js';
import type { Db, Dialect } from './database.js';
import { refreshPlannerStatistics } from './planner-statistics.js';

/** Enough rows per table for PostgreSQL's costs to favour a selective index over walking the tenant. */
const ROWS = 20_000;

/** One condition per declared filter, with a value that matches a few of the synthetic rows. */
function conditionsOf(name: string, field: Field): { label: string; conditions: Condition[] }[] {
  switch (field.search) {
    case 'like':
      return [
        { label: `${name} contains 3+ characters`, conditions: [{ field: name, op: 'like', value: '名123' }] },
        { label: `${name} contains 2 characters`, conditions: [{ field: name, op: 'like', value: '99' }] },
      ];
    case 'equal': case 'in': {
      const value = field.kind === 'integer' ? 7 : field.kind === 'flag' ? 1 : field.kind === 'fk' ? '1007' : field.kind === 'dict' ? '7' : '名123';
      return [{ label: `${name} equals`, conditions: [{ field: name, op: 'equal', value }] }];
    }
    case 'range':
      if (field.kind === 'integer' || field.kind === 'money') {
        return [{ label: `${name} in a range`, conditions: [{ field: name, op: 'ge', value: 7 }, { field: name, op: 'le', value: 9 }] }];
      }
      return [{
        label: `${name} in a range`,
        conditions: [
          { field: name, op: 'dategt', value: '2024-01-01 10:00:00' },
          { field: name, op: 'datelt', value: '2024-01-01 12:00:00' },
        ],
      }];
    default:
      return [];
  }
}

const declaredFilters = (entity: EntityDef) => [
  { label: 'no filter', conditions: [] as Condition[] },
  ...Object.entries(viewFields(entity)).flatMap(([name, field]) => conditionsOf(name, field)),
];

/**
 * The plan of a query. SQLite plans from the statistics ANALYZE gathered. PostgreSQL rightly reads a
 * table of a few thousand rows sequentially, so its plan is asked with sequential scans priced out:
 * a `Seq Scan` left in it means no index can serve the query.
 */
async function plan(db: Db, dialect: Dialect, query: CompiledQuery): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<Record<string, unknown>>({ ...query, sql: `explain query plan ${query.sql}` });
    return rows.map((r) => String(r.detail));
  }
  return db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    const { rows } = await tx.executeQuery<Record<string, unknown>>({ ...query, sql: `explain ${query.sql}` });
    return rows.map((r) => String(r['QUERY PLAN']));
  });
}

/**
 * What a plan must not do: read the whole table, or walk the tenant's rows one by one through the
 * tenant-wide index while the filter has an index of its own.
 */
function planFaults(entity: EntityDef, dialect: Dialect, lines: string[], filtered: boolean, counting: boolean): string[] {
  const table = entity.table;
  const faults: string[] = [];
  const scansTable = dialect === 'postgres'
    ? lines.some((l) => l.includes(`Seq Scan on ${table} `) || l.trim().startsWith(`Seq Scan on ${table}`))
    : lines.some((l) => new RegExp(`^SCAN ${table}\\b(?! VIRTUAL)`).test(l) || l.startsWith(`SCAN ${table} USING`));
  // Counting every live row of a platform table reads them all, whatever the index: the answer is that size.
  const countsEveryRow = counting && !filtered && entity.scope === 'platform';
  if (scansTable && !countsEveryRow) faults.push('reads the whole table');
  const tenantWide = `${table}_tenant_time`;
  // A page may walk the create-time order and stop at its 10th match (PostgreSQL's top-N plan, when it
  // expects matches to be common); a count, which cannot stop, must read the filter's own index.
  const stopsEarly = !counting && dialect === 'postgres' && lines.some((l) => l.includes(`Index Scan Backward using ${tenantWide}`) || l.includes(`Index Scan using ${tenantWide}`));
  const walksTenant = lines.some((l) => l.includes(tenantWide)) && !lines.some((l) => l.includes('create_time>') || l.includes('create_time >'));
  if (filtered && walksTenant && !stopsEarly) faults.push(`walks the tenant through ${tenantWide}`);
  return faults;
}

/**
 * A cohort over a count index's fields, each matching a large share of the synthetic rows (a third of
 * the years, half of the other values), so no field's own index is the cheaper way to count it.
 */
function cohortOf(entity: EntityDef, fields: readonly string[]): Condition[] {
  return fields.flatMap((name, i): Condition[] => {
    const field = entity.fields[name] as Field;
    if (i === 0 && field.kind === 'integer') return [{ field: name, op: 'ge', value: 0 }, { field: name, op: 'le', value: 29 }];
    const values = field.kind === 'fk' ? Array.from({ length: 250 }, (_, v) => String(1000 + v))
      : field.kind === 'integer' ? Array.from({ length: 50 }, (_, v) => v)
        : Array.from({ length: 25 }, (_, v) => String(v));
    return [{ field: name, op: 'in', value: values }];
  });
}

describe.each(testDialects())('list plans on %s', (dialect) => {
  let t: TestApp;
  let repository: EntityRepository;
  let db: Db;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    // The application's own repository: encrypted fields are filtered by their keyed hashes.
    repository = t.app.services.repository;
    for (const entity of routedEntities()) await insertSyntheticRows(db, dialect, entity, ROWS);
    await refreshPlannerStatistics(t.app.services.database);
    // 20,000 rows of each of 55 entities, through their triggers and search indexes: about three
    // minutes on PostgreSQL alone, several more beside the other suites.
  }, 900_000);
  afterAll(async () => t?.close());

  const cases = routedEntities().flatMap((entity) => declaredFilters(entity).map((filter) => [entity.name, filter.label, entity, filter.conditions] as const));

  const cohorts = routedEntities().flatMap((entity) => (entity.countIndexes ?? []).map((index) => [entity.name, index.name, entity, index.fields] as const));

  it.each(cohorts)('%s, count index %s: a cohort of its fields is counted from that index alone', async (_name, indexName, entity, fields) => {
    const { count } = repository.listQueries(entity, { tenantId: SYNTHETIC_TENANT }, { current: 1, size: 10, conditions: cohortOf(entity, fields), sorts: [] });
    const lines = await plan(db, dialect, count);
    const index = `${entity.table}_count_${indexName}`;
    const fromIndexAlone = dialect === 'sqlite'
      ? lines.some((l) => l.includes(`USING COVERING INDEX ${index} `))
      : lines.some((l) => l.includes(`Index Only Scan using ${index} `));
    expect(fromIndexAlone, lines.join('\n')).toBe(true);
  });

  it.each(cases)('%s, %s: the count and the page use an index', async (_name, _label, entity, conditions) => {
    const scope = { tenantId: entity.scope === 'tenant' ? SYNTHETIC_TENANT : null };
    const { count, page } = repository.listQueries(entity, scope, { current: 1, size: 10, conditions, sorts: [] });
    for (const [which, query] of [['count', count], ['page', page]] as const) {
      const lines = await plan(db, dialect, query);
      expect(planFaults(entity, dialect, lines, conditions.length > 0, which === 'count'), `${which}:\n${lines.join('\n')}`).toEqual([]);
    }
  });
});
