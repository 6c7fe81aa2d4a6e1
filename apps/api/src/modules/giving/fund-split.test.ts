import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { FUND_TALLY, SPLIT_DONOR_TALLY } from '../../db/migrations/072-giving-depth.js';
import { expectTallyInStep } from '../../test-support/tally-in-step.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { giftQuestion, recordGiftFigures, talliedGiftFigures, type GiftFigures } from './count-amount.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;
const TENANT = '000000';
const CS = '1900000000000010001';

/** Figures made comparable: groups and purposes as sorted text. */
const comparable = (f: GiftFigures) => ({
  ...f,
  groups: f.groups.map((g) => JSON.stringify([g.month, g.purpose, g.donation_method, g.donor_type, g.department_id, g.n, g.cents].map((v) => (v === null ? null : String(v))))).sort(),
  purposes: f.purposes.map((p) => JSON.stringify([p.purpose, p.n, p.cents])).sort(),
});

describe.each(testDialects())('a gift split among funds (%s)', (dialect) => {
  let t: TestApp;
  let db: Db;
  let foundation: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    foundation = await t.signIn('foundation');
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
    const res = await t.call(method, url, foundation, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };
  const today = () => now().slice(0, 10);
  const received = (over: Row = {}): Row => ({
    donorType: '2', donorName: `分配测试企业${Math.random().toString(36).slice(2, 8)}`, purpose: '1', donationMethod: '1', currency: 'CNY',
    amount: '3000000', donateTime: `${today()} 00:00:00`, paymentStatus: 2, arrivalDate: today(), receiptStatus: 0, departmentId: CS, ...over,
  });
  const split = (...parts: [string, string][]) => JSON.stringify(parts.map(([purpose, amount]) => ({ purpose, amount })));
  const purposeOf = (sums: Row, key: string) => sums.byPurpose.find((p: Row) => p.key === key) as Row;

  /** The tallies hold what the donations' parts give, and answer as the donations do in every question they take. */
  async function expectTalliesExact(): Promise<void> {
    for (const spec of [FUND_TALLY(dialect), SPLIT_DONOR_TALLY(dialect)]) await expectTallyInStep(db, dialect, spec);
    for (const raw of [{}, { purpose_equal: '2' }, { purpose_equal: '3', paymentStatus_equal: '2' }, { purpose_equal: '1', paymentStatus_equal: '1' }]) {
      const question = giftQuestion(raw);
      const tallied = await talliedGiftFigures(db, t.app.services.repository, dialect, { tenantId: TENANT }, question);
      expect(tallied, 'the tallies answer').not.toBeNull();
      expect(comparable(tallied as GiftFigures), JSON.stringify(raw)).toEqual(comparable(await recordGiftFigures(db, t.app.services.repository, dialect, { tenantId: TENANT }, question)));
    }
  }

  it('sums each purpose with its part and counts the gift once in the totals', async () => {
    const before = await data('GET', '/api/donation/countAmount');
    const gift = await data('POST', '/api/donation/update', received({ fundSplits: split(['2', '1800000'], ['3', '1200000']) }));
    expect(JSON.parse(String(gift.fundSplits))).toEqual([{ purpose: '2', fundName: null, amount: '1800000.00' }, { purpose: '3', fundName: null, amount: '1200000.00' }]);
    const after = await data('GET', '/api/donation/countAmount');
    expect(after.count).toBe(before.count + 1);
    expect(Number(after.totalAmount) - Number(before.totalAmount)).toBe(3000000);
    // Its own purpose (1) takes nothing; purposes 2 and 3 take their parts, each counting the gift once.
    expect(purposeOf(after, '1')).toEqual(purposeOf(before, '1'));
    expect(Number(purposeOf(after, '2').amount) - Number(purposeOf(before, '2').amount)).toBe(1800000);
    expect(purposeOf(after, '2').count).toBe(purposeOf(before, '2').count + 1);
    expect(Number(purposeOf(after, '3').amount) - Number(purposeOf(before, '3').amount)).toBe(1200000);
    const byPurpose = after.byPurpose.reduce((s: number, p: Row) => s + Number(p.amount), 0);
    expect(byPurpose.toFixed(2)).toBe(after.totalAmount);

    // Filtered by one purpose, the donor's figure is its part: the donor tops purpose 3 with 1,200,000.
    const three = await data('GET', '/api/donation/countAmount?purpose_equal=3');
    expect(three.topDonors[0]).toMatchObject({ label: gift.donorName, count: 1, amount: '1200000.00' });
    const one = await data('GET', '/api/donation/countAmount?purpose_equal=1');
    expect(one.topDonors.map((d: Row) => d.label)).not.toContain(gift.donorName);
    // The donations answer the same when another filter keeps the tallies out.
    const named = await data('GET', `/api/donation/countAmount?purpose_equal=3&donorName=${encodeURIComponent(String(gift.donorName))}`);
    expect(named).toMatchObject({ totalAmount: '1200000.00', count: 1, donorCount: 1 });
    await expectTalliesExact();
  });

  it('moves the sums when the split changes, the gift is refunded or a pledge split is received', async () => {
    const gift = await data('POST', '/api/donation/update', received({ amount: '500', fundSplits: split(['4', '200'], ['5', '300']) }));
    await expectTalliesExact();
    await data('POST', '/api/donation/update', { ...gift, fundSplits: split(['5', '100'], ['6', '400']) });
    await expectTalliesExact();
    const pledge = await data('POST', '/api/donation/update', received({ paymentStatus: 1, arrivalDate: '', amount: '800', fundSplits: split(['1', '500'], ['7', '300']) }));
    await expectTalliesExact();
    await data('POST', '/api/donation/update', { ...pledge, paymentStatus: 2, arrivalDate: today() });
    await data('POST', '/api/donation/update', { ...gift, paymentStatus: 3, remark: '捐赠方要求退回' });
    await expectTalliesExact();
    // The split taken away: the whole gift goes back to its own purpose.
    await data('POST', '/api/donation/update', { ...pledge, paymentStatus: 2, arrivalDate: today(), fundSplits: '' });
    await expectTalliesExact();
  });

  it('refuses a split that does not add up to the amount in CNY, or names a purpose twice, and writes nothing', async () => {
    const name = `不平衡分配${Math.random().toString(36).slice(2, 8)}`;
    for (const [fundSplits, msg] of [
      [split(['2', '100'], ['3', '100']), '资金分配合计200.00元，须等于折合人民币1000.00元'],
      [split(['2', '500'], ['2', '500']), '资金分配中“学科建设”出现了两次，每个用途只能分配一次'],
    ] as const) {
      const res = await t.call('POST', '/api/donation/update', foundation, received({ donorName: name, amount: '1000', fundSplits }), { 'accept-language': 'zh-CN' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
      expect(res.json().data.errors).toHaveProperty('fundSplits');
    }
    const en = await t.call('POST', '/api/donation/update', foundation, received({ donorName: name, amount: '1000', fundSplits: split(['2', '100']) }), { 'accept-language': 'en' });
    expect(en.json().msg).toBe('The fund split adds up to 100.00, but the amount in CNY is 1000.00');
    const page = await data('GET', `/api/donation/page?donorName=${encodeURIComponent(name)}`);
    expect(page.total).toBe(0);
    // A foreign-currency gift splits its amount in CNY.
    const usd = await data('POST', '/api/donation/update', received({ currency: 'USD', amount: '100', cnyAmount: '720', fundSplits: split(['2', '720']) }));
    expect(usd.cnyAmount).toBe('720.00');
  });
});
