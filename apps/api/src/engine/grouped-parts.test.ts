import { basicInfoEntity, donationEntity, studentStatusEntity, type Condition, type EntityDef } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { EntityRepository, type AggregateGroup, type AggregateMeasure, type AggregateRow } from './entity-repository.js';
import { compareSqlite, mergeGroupedParts } from './grouped-parts.js';

describe('grouped rows read in parts', () => {
  it('adds the parts of a group and orders the groups as SQLite does', () => {
    const merged = mergeGroupedParts([
      [{ g0: null, s0: 1n, n0: 1n }, { g0: 2n, s0: 5n, n0: 2n }, { g0: 'b', s0: null, n0: 0n }],
      [{ g0: 10n, s0: 1.5, n0: 1n }, { g0: 2n, s0: 1n, n0: 1n }, { g0: 'a', s0: 2n, n0: 1n }, { g0: null, s0: 2n, n0: 1n }],
    ], 1, 1, 100);
    expect(merged).toEqual([
      { g0: null, s0: 3n, n0: 2n }, { g0: 2n, s0: 6n, n0: 3n }, { g0: 10n, s0: 1.5, n0: 1n }, { g0: 'a', s0: 2n, n0: 1n }, { g0: 'b', s0: null, n0: 0n },
    ]);
  });

  it('cuts at the limit after merging, and keeps a lone total row', () => {
    const parts = [[{ g0: 1n, g1: 'x', s0: 1n, n0: 1n }, { g0: 3n, g1: 'x', s0: 1n, n0: 1n }], [{ g0: 1n, g1: 'y', s0: 1n, n0: 1n }, { g0: 2n, g1: 'x', s0: 1n, n0: 1n }]];
    expect(mergeGroupedParts(parts, 2, 1, 2).map((r) => [r.g0, r.g1])).toEqual([[1n, 'x'], [1n, 'y']]);
    expect(mergeGroupedParts([[{ s0: 4n, n0: 4n }], [{ s0: null, n0: 0n }]], 0, 1, 10)).toEqual([{ s0: 4n, n0: 4n }]);
  });

  it('orders text by its UTF-8 bytes', () => {
    expect(compareSqlite('张', 'a')).toBeGreaterThan(0);
    expect(compareSqlite('\uFF21', '\u{1F600}')).toBeLessThan(0);
    expect(compareSqlite(9n, 10)).toBeLessThan(0);
    expect(compareSqlite(null, -1)).toBeLessThan(0);
  });
});

interface Question { entity: EntityDef; conditions: Condition[]; groups: AggregateGroup[]; measures: AggregateMeasure[] }

const QUESTIONS: Question[] = [
  { entity: basicInfoEntity, conditions: [], groups: [{ field: 'departmentId' }, { field: 'firstEnrollmentYear', unit: 'decade' }], measures: [{ fn: 'count' }, { fn: 'sum', field: 'isKeyAlumni' }] },
  { entity: basicInfoEntity, conditions: [], groups: [{ field: 'gender' }], measures: [{ fn: 'avg', field: 'firstEnrollmentYear' }] },
  { entity: basicInfoEntity, conditions: [{ field: 'isKeyAlumni', op: 'equal', value: 1 }], groups: [], measures: [{ fn: 'count' }] },
  { entity: studentStatusEntity, conditions: [], groups: [{ field: 'specialityId' }, { field: 'createTime', unit: 'month' }], measures: [{ fn: 'count' }] },
  { entity: donationEntity, conditions: [], groups: [{ field: 'donorName' }], measures: [{ fn: 'sum', field: 'amount' }] },
];

const comparable = (rows: AggregateRow[]) => rows.map((r) => ({ groups: r.groups.map((g) => (g === null ? null : String(g))), sums: r.sums.map((s) => s.toFixed(4)), counts: r.counts }));

/**
 * On SQLite a grouped read of most of a table is cut into ranges of rows read side by side
 * (decision 201): whatever the number of parts, the answer is the one read.
 */
describe('grouped reads in parts on sqlite', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('answers as one read does, with any number of parts', async () => {
    const db = t.app.services.database.db;
    const read = (query: Parameters<typeof db.executeQuery>[0]) => db.executeQuery<Record<string, unknown>>(query);
    const sealing = t.app.services.repository.sealing;
    const whole = new EntityRepository(db, 'sqlite', read, sealing, new Map(), 1);
    // The demo tenant holds most of each table, so these reads scan it in parts.
    for (const { entity } of QUESTIONS) {
      const count = async (tenant: boolean) => Number((await db.selectFrom(entity.table).select((eb) => eb.fn.countAll().as('n'))
        .$if(tenant, (query) => query.where('tenant_id', '=', '000000').where('is_deleted', '=', 0)).executeTakeFirstOrThrow()).n);
      expect(await count(true) * 2, entity.name).toBeGreaterThanOrEqual(await count(false));
    }
    let compared = 0;
    for (const parts of [2, 3, 7]) {
      const cut = new EntityRepository(db, 'sqlite', read, sealing, new Map(), parts);
      for (const q of QUESTIONS) {
        for (const limit of [1000, 3]) {
          const one = await whole.aggregate(q.entity, { tenantId: '000000' }, q.conditions, q.groups, q.measures, limit);
          const many = await cut.aggregate(q.entity, { tenantId: '000000' }, q.conditions, q.groups, q.measures, limit);
          expect(comparable(many), JSON.stringify({ parts, limit, entity: q.entity.name, groups: q.groups })).toEqual(comparable(one));
          compared += one.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
