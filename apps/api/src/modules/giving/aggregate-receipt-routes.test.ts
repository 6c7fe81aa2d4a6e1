import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../core/time.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;
const CS = '1900000000000010001';
const MONTH = '2019-03';

describe.each(testDialects())('small anonymous gifts receipted together per month (%s)', (dialect) => {
  let t: TestApp;
  let foundation: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    foundation = await t.signIn('foundation');
  });
  afterAll(async () => t?.close());

  const call = (url: string) => t.call('POST', url, foundation, undefined, { 'accept-language': 'zh-CN' });
  const gift = async (amount: string, over: Row = {}) => {
    const res = await t.call('POST', '/api/donation/update', foundation, {
      donorType: '1', donorName: '', alumniId: undefined, isAnonymous: 1, purpose: '9', donationMethod: '2', currency: 'CNY', amount,
      donateTime: `${MONTH}-15 10:00:00`, paymentStatus: 2, arrivalDate: `${MONTH}-15`, receiptStatus: 0, departmentId: CS, ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };

  it("gives the month's received anonymous gifts of at most 200 yuan without a receipt one number, and leaves the others", async () => {
    const base = { donorType: '2' };
    const small = [await gift('50', { ...base, donorName: '小额匿名甲' }), await gift('80', { ...base, donorName: '小额匿名乙' }), await gift('200', { ...base, donorName: '小额匿名丙' })];
    const large = await gift('500', { ...base, donorName: '大额匿名' });
    const named = await gift('50', { ...base, donorName: '实名小额', isAnonymous: 0 });
    const pledge = await gift('60', { ...base, donorName: '匿名认捐', paymentStatus: 1, arrivalDate: '' });
    const nextMonth = await gift('30', { ...base, donorName: '下月匿名', donateTime: '2019-04-01 00:00:00', arrivalDate: '2019-04-01' });

    const res = await call(`/api/donation/receipt/aggregate?month=${MONTH}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as Row;
    expect(answer).toMatchObject({ month: MONTH, count: 3, amount: '330.00', receiptDate: now().slice(0, 10) });
    expect(answer.receiptNo).toMatch(new RegExp(`^SJ${now().slice(0, 4)}\\d{6}$`));
    const detail = async (id: unknown) => (await t.call('GET', `/api/donation/detail?id=${id}`, foundation)).json().data as Row;
    for (const g of small) expect(await detail(g.id)).toMatchObject({ receiptStatus: 1, receiptNo: answer.receiptNo });
    for (const g of [large, named, pledge, nextMonth]) expect((await detail(g.id)).receiptStatus).toBe(0);
    const history = (await t.call('GET', `/api/blade-system/audit/history?entity=donation&id=${small[0]?.id}`, foundation)).json().data.records as Row[];
    expect(history[0]?.diff).toMatchObject({ receiptStatus: [0, 1], receiptNo: [null, answer.receiptNo] });

    // The month is done: a second call finds nothing and writes nothing.
    const again = await call(`/api/donation/receipt/aggregate?month=${MONTH}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(`${MONTH}没有可合并开具票据的小额匿名捐赠`);
  });

  it('refuses a month that is none or still to come, and a caller without the edit button', async () => {
    for (const [month, msg] of [['2019-13', '请选择月份（yyyy-MM）'], ['201903', '请选择月份（yyyy-MM）'], ['2999-01', '不能为未来的月份开具票据']]) {
      const res = await call(`/api/donation/receipt/aggregate?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const leader = await t.signIn('leader');
    expect((await t.call('POST', `/api/donation/receipt/aggregate?month=${MONTH}`, leader)).statusCode).toBe(403);
  });
});
