import { defineEntity, postEntity, t, text } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeedWriter } from '../../seed/seed-writer.js';
import { ADMIN_USER_ID } from '../../seed/platform-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { EntityNumbers } from './entity-numbers.js';
import { nextSequenceValue } from './sequence-store.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts whose code the server draws: one digit, so ten rows fill the space. */
const drawnPosts = defineEntity({
  ...postEntity,
  name: 'drawn-post',
  fields: { ...postEntity.fields, postCode: text(t('岗位编号', 'Code'), { form: 'readonly', max: 32 }) },
  numbers: { postCode: { kind: 'random', alphabet: 'digits', length: 1, uniqueWithin: 'category' } },
});

/** Posts numbered like registrations (daily) and like donations (yearly, from a date field, prefix from a parameter). */
const dailyPosts = defineEntity({
  ...postEntity,
  name: 'daily-post',
  fields: { ...postEntity.fields, postCode: text(t('岗位编号', 'Code'), { form: 'readonly', max: 32 }), remark: text(t('备注', 'Remark')) },
  numbers: { postCode: { kind: 'sequence', prefix: 'DJ', period: 'day', digits: 4 } },
});
const yearlyPosts = defineEntity({
  ...dailyPosts,
  name: 'yearly-post',
  numbers: { postCode: { kind: 'sequence', prefix: { param: 'post.code.prefix', default: 'JZ' }, period: 'year', dateField: 'remark', digits: 6 } },
});

describe.each(testDialects())('server-generated numbers (%s)', (dialect) => {
  let t0: TestApp;
  let numbers: EntityNumbers;

  beforeAll(async () => {
    t0 = await startTestApp(dialect);
    numbers = new EntityNumbers(t0.app.services.params, t0.app.services.repository);
  });
  afterAll(() => t0.close());

  const db = () => t0.app.services.database.db;

  it('gives 100 concurrent creates 100 distinct numbers, each transaction holding its counter', async () => {
    const taken = await Promise.all(Array.from({ length: 100 }, (_, i) => db().transaction().execute(async (tx) => {
      const value = await nextSequenceValue(tx, '000000', 'test.concurrent');
      // The transaction stays open a while after taking its number, so the others overlap it.
      await pause(i % 5);
      return value;
    })));
    expect(new Set(taken).size).toBe(100);
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('keeps counters apart per tenant and name, and never hands a committed value out again', async () => {
    expect(await nextSequenceValue(db(), '000000', 'test.apart')).toBe(1);
    expect(await nextSequenceValue(db(), '100001', 'test.apart')).toBe(1);
    expect(await nextSequenceValue(db(), '000000', 'test.apart')).toBe(2);
    await expect(db().transaction().execute(async (tx) => {
      await nextSequenceValue(tx, '000000', 'test.apart');
      throw new Error('the create is refused');
    })).rejects.toThrow('refused');
    // The refused create wrote no row, so its value may come again; the committed ones never do.
    expect(await nextSequenceValue(db(), '000000', 'test.apart')).toBe(3);
  });

  it('formats sequence numbers from the creation day, or from a date field and a parameter prefix', async () => {
    const create = (entity: typeof dailyPosts, values: Record<string, unknown>, stamp: string) =>
      db().transaction().execute(async (tx) => {
        await numbers.fill({ entity, tenantId: '000000', db: tx, stamp }, values);
        return values.postCode;
      });
    expect(await create(dailyPosts, {}, '2025-03-14 08:00:00')).toBe('DJ202503140001');
    expect(await create(dailyPosts, {}, '2025-03-14 23:59:59')).toBe('DJ202503140002');
    expect(await create(dailyPosts, {}, '2025-03-15 00:00:00')).toBe('DJ202503150001');

    expect(await create(yearlyPosts, { remark: '2024-12-31 10:00:00' }, '2025-01-02 09:00:00')).toBe('JZ2024000001');
    const writer = new SeedWriter(db(), ADMIN_USER_ID);
    await writer.insert('blade_param', { paramName: 'prefix', paramKey: 'post.code.prefix', paramValue: 'GIFT' });
    expect(await create(yearlyPosts, {}, '2025-01-02 09:00:00')).toBe('GIFT2025000001');
    expect(await create(yearlyPosts, { remark: '2024-06-01' }, '2025-01-02 09:00:00')).toBe('GIFT2024000001');
  });

  it('draws random numbers unique among live rows within the declared field, and says so when none is left', async () => {
    const writer = new SeedWriter(db(), ADMIN_USER_ID);
    const drawn: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const values: Record<string, unknown> = { category: 7, postName: `drawn ${i}`, sort: 1 };
      await numbers.fill({ entity: drawnPosts, tenantId: '000000', db: db(), stamp: '2025-01-01 00:00:00' }, values);
      drawn.push(String(values.postCode));
      await writer.insert('blade_post', values);
    }
    expect([...drawn].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    await expect(numbers.fill({ entity: drawnPosts, tenantId: '000000', db: db(), stamp: '2025-01-01 00:00:00' }, { category: 7 }))
      .rejects.toThrow('no free random number');
    // Another category, and another tenant, have their own space.
    const other: Record<string, unknown> = { category: 8 };
    await numbers.fill({ entity: drawnPosts, tenantId: '000000', db: db(), stamp: '2025-01-01 00:00:00' }, other);
    expect(other.postCode).toMatch(/^\d$/);
    const elsewhere: Record<string, unknown> = { category: 7 };
    await numbers.fill({ entity: drawnPosts, tenantId: '100001', db: db(), stamp: '2025-01-01 00:00:00' }, elsewhere);
    expect(elsewhere.postCode).toMatch(/^\d$/);
  });
});
