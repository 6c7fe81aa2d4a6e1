import { basicInfoEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFromToken } from '../../auth/auth-hook.js';
import type { Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import {
  addFromAlumniFilter, audienceFilter, audienceSource, channelList, channelOutcome, estimateAudience, resolveAudience,
  type AudienceFilter, type Recipient,
} from './audience.js';

const refusal = (run: () => unknown): AppError => {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

const person = (values: Partial<Recipient> = {}): Recipient => ({
  id: '1900000000000030001', alumniCode: 'XY0000001', name: '张伟', areaCode: '+86', phone: '13800138000', email: 'zw@example.com',
  allowSms: true, allowEmail: true, allowWechat: true, status: 1, isDeceased: false, ...values,
});

describe('audience filters and channel outcomes (DOMAIN 8.3–8.5)', () => {
  it('reads every target scope into one filter', () => {
    expect(audienceFilter('1', null)).toEqual({});
    expect(audienceFilter(2, '{"departmentIds":"11,12,11"}')).toEqual({ departmentIds: ['11', '12'] });
    expect(audienceFilter('3', { enrollmentYearFrom: 2010, enrollmentYearTo: '2015' })).toEqual({ enrollmentYearFrom: 2010, enrollmentYearTo: 2015 });
    expect(audienceFilter('4', '{"associationIds":"31"}')).toEqual({ associationIds: ['31'] });
    expect(audienceFilter('5', '{"alumniIds":"1,2"}')).toEqual({ alumniIds: ['1', '2'] });
    expect(audienceFilter('6', '{"activityId":"9","applyStatus":"1","isWinner":1}')).toEqual({ activityId: '9', applyStatuses: [1], isWinner: 1 });
    expect(audienceFilter('6', '{"activityId":"9"}')).toEqual({ activityId: '9' });
    expect(audienceFilter('7', '{"provinceCodes":"440000,110000"}')).toEqual({ provinceCodes: ['440000', '110000'] });
  });

  it('refuses a malformed scope or value with a 400 in both languages', () => {
    const bad: [unknown, unknown][] = [
      ['8', null], ['2', null], ['2', 'not json'], ['2', '{"departmentIds":"abc"}'], ['3', '{"enrollmentYearFrom":2016,"enrollmentYearTo":2015}'],
      ['3', '{"enrollmentYearFrom":2010}'], ['5', '[]'], ['6', '{"isWinner":1}'], ['6', '{"activityId":"9","isWinner":2}'], ['7', '{"provinceCodes":"44"}'],
    ];
    for (const [scope, value] of bad) {
      const err = refusal(() => audienceFilter(scope, value));
      expect(err.code, `${String(scope)} ${String(value)}`).toBe(400);
      expect(err.messageIn('zh')).toMatch(/不正确/);
      expect(err.messageIn('en')).toMatch(/not valid/);
    }
    expect(refusal(() => audienceFilter('3', '{"enrollmentYearFrom":2010}')).messageIn('en')).toContain('enrollmentYearTo');
  });

  it('maps the add-from-library body onto the same filter, AND-combined', () => {
    const filter = addFromAlumniFilter({
      alumniIds: '1900000000000030001,1900000000000030002',
      filter: {
        departmentId: '1900000000000010001', specialityId: null, educationLevel: '2', enrollmentYearFrom: 2010, enrollmentYearTo: 2015,
        associationId: null, provinceCode: '440000', activityId: null, applyStatus: null, tags: '创业,校董',
      },
    });
    expect(filter).toEqual<AudienceFilter>({
      alumniIds: ['1900000000000030001', '1900000000000030002'], departmentIds: ['1900000000000010001'], educationLevel: '2',
      enrollmentYearFrom: 2010, enrollmentYearTo: 2015, provinceCodes: ['440000'], tags: ['创业', '校董'],
    });
    expect(addFromAlumniFilter({ filter: '{"activityId":"5","applyStatus":"1,2"}' })).toEqual({ activityId: '5', applyStatuses: [1, 2] });
    for (const body of [{}, { filter: {} }, { alumniIds: 'x' }, { filter: { applyStatus: '1' } }, { filter: { enrollmentYearFrom: 1800 } }, { filter: 'nope' }]) {
      expect(refusal(() => addFromAlumniFilter(body)).code).toBe(400);
    }
  });

  it('gives the address of each channel or the reason it is skipped, frozen and deceased first', () => {
    expect(channelOutcome(person(), '1')).toEqual({ address: '1900000000000030001' });
    expect(channelOutcome(person({ phone: '138 0013 8000' }), '2')).toEqual({ address: '13800138000' });
    expect(channelOutcome(person(), '3')).toEqual({ address: 'zw@example.com' });
    const skipOf = (r: Recipient, c: string) => {
      const outcome = channelOutcome(r, c);
      return 'skip' in outcome ? outcome.skip : null;
    };
    expect(skipOf(person({ status: 2 }), '1')).toBe('frozenOrDeceased');
    expect(skipOf(person({ isDeceased: true, allowSms: false }), '2')).toBe('frozenOrDeceased');
    expect(skipOf(person({ allowSms: false }), '2')).toBe('noConsent');
    expect(skipOf(person({ areaCode: '+852', phone: '91234567' }), '2')).toBe('noAddress');
    expect(skipOf(person({ phone: '12345' }), '2')).toBe('noAddress');
    expect(skipOf(person({ phone: null }), '2')).toBe('noAddress');
    expect(skipOf(person({ allowEmail: false }), '3')).toBe('noConsent');
    expect(skipOf(person({ email: 'not-an-address' }), '3')).toBe('noAddress');
    expect(skipOf(person(), '4')).toBe('channelUnavailable');
    const wechat = channelOutcome(person(), '4');
    expect('reason' in wechat && wechat.reason).toEqual({ zh: '微信渠道未配置', en: 'WeChat channel not configured' });
    expect(skipOf(person({ allowWechat: false }), '4')).toBe('noConsent');
    expect(channelList('1,2,3,2')).toEqual(['1', '2', '3']);
    expect(refusal(() => channelList('1,9')).code).toBe(400);
  });
});

describe.each(testDialects())('audience resolution on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let college: Caller;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const callerOf = async (account: string) => {
      const caller = await callerFromToken(t.app.services.tokens, `bearer ${await t.signIn(account)}`);
      if (typeof caller !== 'object') throw new Error(`no caller for ${account}`);
      return caller;
    };
    admin = await callerOf('admin');
    college = await callerOf('college');
  });
  afterAll(async () => t?.close());

  const sourceOf = (caller: Caller) => audienceSource(t.app.services.operations, t.app.services.repository, caller);
  const collect = async (caller: Caller, filter: AudienceFilter, batch?: number) => {
    const batches: Recipient[][] = [];
    for await (const b of resolveAudience(await sourceOf(caller), filter, batch)) batches.push(b);
    return batches;
  };
  const db = () => t.app.services.database.db;

  it('streams the whole library in id order, the same in small batches as in one', async () => {
    const library = await db().selectFrom(basicInfoEntity.table).select('id').where('tenant_id', '=', '000000').where('is_deleted', '=', 0).execute();
    const whole = (await collect(admin, {})).flat();
    expect(whole.length).toBe(library.length);
    const small = await collect(admin, {}, 7);
    expect(small.every((b) => b.length <= 7)).toBe(true);
    expect(small.flat().map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect(new Set(whole.map((r) => r.id)).size).toBe(whole.length);
    // Phones arrive opened (sealed at rest): most demo alumni have a mainland mobile.
    expect(whole.filter((r) => r.phone && /^1\d{10}$/.test(r.phone)).length).toBeGreaterThan(whole.length / 2);
  });

  it('keeps to the caller data scope: a college user reaches only alumni it may read', async () => {
    const all = (await collect(admin, {})).flat();
    const own = (await collect(college, {})).flat();
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    const scope = await t.app.services.operations.rowScope(basicInfoEntity, college, undefined, 'read');
    const visible = await t.app.services.repository.scoped(basicInfoEntity, scope).select('id').execute();
    expect(new Set(own.map((r) => r.id))).toEqual(new Set(visible.map((r) => String(r.id))));
  });

  it('matches departments and enrollment years on approved study records, and chosen ids', async () => {
    const record = await db().selectFrom('alumni_student_status').select(['alumni_id', 'department_id', 'enrollment_year'])
      .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).where('examine_status', '=', 1).executeTakeFirstOrThrow();
    const byDepartment = (await collect(admin, audienceFilter('2', { departmentIds: String(record.department_id) }))).flat();
    expect(byDepartment.map((r) => r.id)).toContain(String(record.alumni_id));
    const expected = await db().selectFrom('alumni_student_status').select('alumni_id').distinct()
      .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).where('examine_status', '=', 1).where('department_id', '=', record.department_id)
      .where('alumni_id', 'in', db().selectFrom(basicInfoEntity.table).select('id').where('is_deleted', '=', 0)).execute();
    expect(byDepartment.length).toBe(expected.length);
    const year = Number(record.enrollment_year);
    const narrowed = (await collect(admin, { departmentIds: [String(record.department_id)], enrollmentYearFrom: year, enrollmentYearTo: year })).flat();
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThanOrEqual(byDepartment.length);
    const chosen = (await collect(admin, audienceFilter('5', { alumniIds: `${String(record.alumni_id)},1` }))).flat();
    expect(chosen.map((r) => r.id)).toEqual([String(record.alumni_id)]);
  });

  it('estimates per channel and counts each skipped alumnus-channel pair by reason', async () => {
    const source = await sourceOf(admin);
    const estimate = await estimateAudience(source, {}, ['1', '2', '3']);
    expect(Object.keys(estimate)).toEqual(['total', 'perChannel', 'skipped']);
    expect(Object.keys(estimate.skipped).sort()).toEqual(['frozenOrDeceased', 'noAddress', 'noConsent']);
    const reached = Object.values(estimate.perChannel).reduce((a, b) => a + b, 0);
    const skipped = Object.values(estimate.skipped).reduce((a, b) => a + b, 0);
    expect(reached + skipped).toBe(estimate.total * 3);

    // Withdrawing one alumnus's SMS consent moves one pair from SMS to noConsent.
    const target = (await collect(admin, {})).flat().find((r) => r.allowSms && r.status === 1 && !r.isDeceased && r.phone && /^1\d{10}$/.test(r.phone)) as Recipient;
    await db().updateTable(basicInfoEntity.table).set({ allow_sms: 0 }).where('id', '=', target.id).execute();
    const after = await estimateAudience(source, {}, ['1', '2', '3']);
    expect(after.perChannel['2']).toBe((estimate.perChannel['2'] ?? 0) - 1);
    expect(after.skipped.noConsent).toBe(estimate.skipped.noConsent + 1);
    const wechat = await estimateAudience(source, {}, ['4']);
    expect(wechat.perChannel['4']).toBe(0);
    expect(wechat.skipped.channelUnavailable).toBeGreaterThan(0);
  });
});
