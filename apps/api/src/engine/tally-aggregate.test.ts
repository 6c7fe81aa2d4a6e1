import { donationEntity, studentStatusEntity, visitRecordEntity, type Condition, type EntityDef } from '@alumni/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { TALLY_SOURCES } from '../db/tally-sources.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { EntityRepository, type AggregateGroup, type AggregateMeasure, type AggregateRow, type RowScope } from './entity-repository.js';
import { tallyAggregate } from './tally-aggregate.js';

const TENANT = '000000';

interface Question { conditions: Condition[]; groups: AggregateGroup[]; measures: AggregateMeasure[] }

const count: AggregateMeasure = { fn: 'count' };

/** Questions each tally answers: filters, groups (with the units it keeps) and measures. */
const QUESTIONS: [EntityDef, Question[]][] = [
  [studentStatusEntity, [
    { conditions: [{ field: 'examineStatus', op: 'equal', value: '1' }], groups: [{ field: 'departmentId' }, { field: 'enrollmentYear', unit: 'decade' }], measures: [count] },
    { conditions: [], groups: [{ field: 'educationLevel' }, { field: 'graduationStatus' }], measures: [count] },
    { conditions: [{ field: 'enrollmentYear', op: 'ge', value: 2010 }, { field: 'educationLevel', op: 'in', value: ['1', '2'] }], groups: [{ field: 'enrollmentYear' }], measures: [count] },
    { conditions: [{ field: 'departmentId', op: 'notnull', value: null }], groups: [], measures: [count] },
    { conditions: [{ field: 'examineStatus', op: 'equal', value: '9' }], groups: [], measures: [count] },
  ]],
  [visitRecordEntity, [
    { conditions: [], groups: [{ field: 'visitDate', unit: 'year' }, { field: 'visitStatus' }], measures: [count] },
    { conditions: [{ field: 'visitType', op: 'notequal', value: '1' }], groups: [{ field: 'visitDate', unit: 'month' }], measures: [count] },
    { conditions: [], groups: [{ field: 'provinceCode' }, { field: 'departmentId' }], measures: [count] },
  ]],
  [donationEntity, [
    { conditions: [{ field: 'paymentStatus', op: 'equal', value: '2' }], groups: [{ field: 'donateTime', unit: 'year' }, { field: 'purpose' }],
      measures: [count, { fn: 'sum', field: 'cnyAmount' }] },
    { conditions: [], groups: [{ field: 'donorType' }, { field: 'donateTime', unit: 'month' }], measures: [{ fn: 'avg', field: 'cnyAmount' }, count] },
    { conditions: [{ field: 'purpose', op: 'in', value: ['1', '3'] }], groups: [], measures: [{ fn: 'sum', field: 'cnyAmount' }] },
    { conditions: [{ field: 'departmentId', op: 'null', value: null }], groups: [{ field: 'paymentStatus' }], measures: [{ fn: 'sum', field: 'cnyAmount' }, count] },
  ]],
];

/** Questions no tally may answer (the records do): text matching, a day, an unsummed field, a field it does not keep. */
const REFUSED: [EntityDef, Question][] = [
  [donationEntity, { conditions: [{ field: 'donorName', op: 'like', value: '张' }], groups: [], measures: [count] }],
  [donationEntity, { conditions: [{ field: 'purpose', op: 'like', value: '1' }], groups: [], measures: [count] }],
  [donationEntity, { conditions: [], groups: [{ field: 'donateTime', unit: 'day' }], measures: [count] }],
  [donationEntity, { conditions: [], groups: [{ field: 'purpose' }], measures: [{ fn: 'sum', field: 'amount' }] }],
  [studentStatusEntity, { conditions: [], groups: [{ field: 'alumniId' }], measures: [count] }],
  [visitRecordEntity, { conditions: [], groups: [{ field: 'visitDate' }], measures: [count] }],
];

/** Rows made comparable: sums to the cent (the records sum amounts as floating point, the tallies in whole cents). */
const comparable = (rows: AggregateRow[]) => rows.map((r) => ({ groups: r.groups.map((g) => (g === null ? null : String(g))), sums: r.sums.map((s) => s.toFixed(2)), counts: r.counts }));

/**
 * Report previews read the tallies kept by triggers (decision 200) when a question stays within
 * them, and answer exactly what the records answer: every group, count and sum, in every data scope
 * a tally can filter.
 */
describe.each(testDialects())('grouped figures from the tallies on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let tallied: EntityRepository;
  let records: EntityRepository;
  const scopes: RowScope[] = [{ tenantId: TENANT }];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    tallied = t.app.services.repository;
    records = new EntityRepository(db, dialect, undefined, tallied.sealing);
    const units = (await db.selectFrom('alumni_student_status').select('org_dept_id').distinct().where('tenant_id', '=', TENANT)
      .where('org_dept_id', 'is not', null).orderBy('org_dept_id').execute()).map((r) => String(r.org_dept_id));
    const creators = (await db.selectFrom('alumni_donation').select('create_user').distinct().where('tenant_id', '=', TENANT)
      .where('create_user', 'is not', null).orderBy('create_user').execute()).map((r) => String(r.create_user));
    expect(units.length, 'demo units').toBeGreaterThan(1);
    const clause = (column: string, values: string[]) => ({ column, list: false, asText: false, values });
    scopes.push(
      { tenantId: TENANT, data: { clauses: [clause('org_dept_id', units.slice(0, 1))] } },
      { tenantId: TENANT, data: { clauses: [clause('org_dept_id', units.slice(0, 2))] } },
      { tenantId: TENANT, data: { clauses: [clause('org_dept_id', [])] } },
      { tenantId: null },
    );
    if (creators.length > 0) scopes.push({ tenantId: TENANT, data: { clauses: [clause('create_user', creators.slice(0, 1)), clause('org_dept_id', units.slice(0, 1))] } });
  });
  afterAll(async () => t?.close());

  it('answers as the records do, in every scope', async () => {
    let compared = 0;
    for (const [entity, questions] of QUESTIONS) {
      const source = TALLY_SOURCES.get(entity.name);
      expect(source, entity.name).toBeDefined();
      for (const q of questions) {
        for (const scope of scopes) {
          if (scope.data?.clauses.some((c) => !source?.scopeColumns.includes(c.column))) continue;
          const what = JSON.stringify({ entity: entity.name, ...q, scope });
          expect(tallyAggregate(db, source!, scope, q.conditions, q.groups, q.measures, 1000, () => sql`1 = 1`), `${what} is answered by the tally`).not.toBeNull();
          const fromTally = await tallied.aggregate(entity, scope, q.conditions, q.groups, q.measures, 1000);
          const fromRecords = await records.aggregate(entity, scope, q.conditions, q.groups, q.measures, 1000);
          expect(comparable(fromTally), what).toEqual(comparable(fromRecords));
          compared += fromRecords.length;
        }
      }
    }
    // The demo data gives the comparison something to compare.
    expect(compared).toBeGreaterThan(50);
  });

  it('leaves to the records what a tally does not keep', () => {
    for (const [entity, q] of REFUSED) {
      const source = TALLY_SOURCES.get(entity.name)!;
      expect(tallyAggregate(db, source, { tenantId: TENANT }, q.conditions, q.groups, q.measures, 1000, () => sql`1 = 1`), JSON.stringify(q)).toBeNull();
    }
    const byList = { tenantId: TENANT, data: { clauses: [{ column: 'dept_id', list: true, asText: false, values: ['1'] }] } };
    expect(tallyAggregate(db, TALLY_SOURCES.get(studentStatusEntity.name)!, byList, [], [], [count], 1000, () => sql`1 = 1`)).toBeNull();
  });

  it('follows the records when they change', async () => {
    const before = await tallied.aggregate(studentStatusEntity, { tenantId: TENANT }, [], [{ field: 'enrollmentYear' }], [count], 1000);
    await sql`update alumni_student_status set enrollment_year = 1901 where id = (select min(id) from alumni_student_status where is_deleted = 0 and tenant_id = ${TENANT})`.execute(db);
    const after = await tallied.aggregate(studentStatusEntity, { tenantId: TENANT }, [], [{ field: 'enrollmentYear' }], [count], 1000);
    expect(after).not.toEqual(before);
    expect(comparable(after).find((r) => r.groups[0] === '1901')).toEqual({ groups: ['1901'], sums: ['1.00'], counts: [1] });
    expect(comparable(after)).toEqual(comparable(await records.aggregate(studentStatusEntity, { tenantId: TENANT }, [], [{ field: 'enrollmentYear' }], [count], 1000)));
  });
});
