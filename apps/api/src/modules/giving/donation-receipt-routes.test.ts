import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../core/time.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;
const CS = '1900000000000010001';
const HISTORY = '/api/blade-system/audit/history';

describe.each(testDialects())('receipts numbered per tenant and year, voided and issued again (%s)', (dialect) => {
  let t: TestApp;
  let foundation: string;
  let leader: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [foundation, leader] = await Promise.all([t.signIn('foundation'), t.signIn('leader')]);
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, body?: unknown, token = foundation) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };
  const refused = async (url: string, body: unknown, msg: string, code = 400) => {
    const res = await t.call('POST', url, foundation, body, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json().msg).toBe(msg);
  };
  const today = () => now().slice(0, 10);
  const gift = (over: Row = {}) => data('POST', '/api/donation/update', {
    donorType: '2', donorName: `票据测试企业${Math.random().toString(36).slice(2, 8)}`, purpose: '1', donationMethod: '1', currency: 'CNY',
    amount: '5000', donateTime: `${today()} 00:00:00`, paymentStatus: 2, arrivalDate: today(), receiptStatus: 0, departmentId: CS, ...over,
  });
  const numberOf = (no: unknown) => Number(String(no).slice(-6));

  it('gives the next number of the tenant and year to each receipt issued', async () => {
    const [a, b] = [await gift(), await gift()];
    const first = await data('POST', `/api/donation/receipt/issue?id=${a.id}`);
    const second = await data('POST', `/api/donation/receipt/issue?id=${b.id}`);
    expect(first).toMatchObject({ receiptStatus: 1, receiptDate: today() });
    expect(first.receiptNo).toMatch(new RegExp(`^SJ${today().slice(0, 4)}\\d{6}$`));
    expect(numberOf(second.receiptNo)).toBe(numberOf(first.receiptNo) + 1);
    // Issued once: a second issue is refused and the number stays.
    await refused(`/api/donation/receipt/issue?id=${a.id}`, undefined, '该捐赠的票据已开具，请先作废');
    expect((await data('GET', `/api/donation/detail?id=${a.id}`)).receiptNo).toBe(first.receiptNo);
  });

  it('refuses a receipt for a pledge, a void without its reason or of no issued receipt, and a caller without the edit button', async () => {
    const pledge = await gift({ paymentStatus: 1, arrivalDate: '' });
    await refused(`/api/donation/receipt/issue?id=${pledge.id}`, undefined, '只有已到账的捐赠可以开具票据');
    const received = await gift();
    await refused(`/api/donation/receipt/void?id=${received.id}`, { reason: '开错' }, '只有已开具的票据可以作废');
    await data('POST', `/api/donation/receipt/issue?id=${received.id}`);
    await refused(`/api/donation/receipt/void?id=${received.id}`, { reason: '   ' }, '请填写作废原因');
    await refused(`/api/donation/receipt/void?id=${received.id}`, { reason: '长'.repeat(201) }, '作废原因不能超过200个字符');
    expect((await data('GET', `/api/donation/detail?id=${received.id}`)).receiptStatus).toBe(1);
    // The leader reads gifts but holds no donation_edit.
    const res = await t.call('POST', `/api/donation/receipt/void?id=${received.id}`, leader, { reason: '开错' });
    expect(res.statusCode).toBe(403);
  });

  it('voids with the reason and issues a new number, the history showing the voided number, the reason and the new number', async () => {
    const received = await gift();
    const issued = await data('POST', `/api/donation/receipt/issue?id=${received.id}`);
    const voided = await data('POST', `/api/donation/receipt/void?id=${received.id}`, { reason: '抬头开错，应为公司全称' });
    expect(voided).toMatchObject({ receiptStatus: 2, receiptNo: issued.receiptNo, receiptVoidReason: '抬头开错，应为公司全称' });
    // A refund waits for no issued receipt now; a voided one is issued again under a new number.
    const again = await data('POST', `/api/donation/receipt/issue?id=${received.id}`);
    expect(again.receiptStatus).toBe(1);
    expect(numberOf(again.receiptNo)).toBeGreaterThan(numberOf(issued.receiptNo));

    const history = (await data('GET', `${HISTORY}?entity=donation&id=${received.id}`)).records as Row[];
    const [reissue, voiding, issue] = history;
    expect(reissue?.diff).toMatchObject({ receiptStatus: [2, 1], receiptNo: [issued.receiptNo, again.receiptNo] });
    expect(voiding?.diff).toMatchObject({ receiptStatus: [1, 2], receiptVoidReason: [null, '抬头开错，应为公司全称'] });
    expect(issue?.diff).toMatchObject({ receiptStatus: [0, 1], receiptNo: [null, issued.receiptNo] });
    expect(history.map((h) => h.action).slice(0, 3)).toEqual(['update', 'update', 'update']);
  });
});
