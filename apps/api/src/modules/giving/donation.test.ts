import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../core/time.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

type Json = Record<string, unknown>;
const CS = '1900000000000010001';
const year = () => now().slice(0, 4);

describe.each(testDialects())('donations (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let college: string;
  let foundation: string;
  let leader: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, college, foundation, leader] = await Promise.all([t.signIn('admin'), t.signIn('college'), t.signIn('foundation'), t.signIn('leader')]);
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const refused = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body: unknown, msg: string, code = 400) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json().msg).toBe(msg);
  };
  const gift = (over: Json = {}): Json => ({
    donorType: '2', donorName: `测试企业${Math.random().toString(36).slice(2, 8)}`, purpose: '1', donationMethod: '1', currency: 'CNY',
    amount: '1200', donateTime: `${now().slice(0, 10)} 00:00:00`, paymentStatus: 1, receiptStatus: 0, departmentId: CS, ...over,
  });

  it('answers the exact sums of DOMAIN 11.4 on the demo data', async () => {
    const sums = await data('GET', '/api/donation/countAmount', foundation);
    expect(sums).toMatchObject({
      totalAmount: '3218650.00', count: 68, donorCount: 55, alumniDonorCount: 41, averageAmount: '47333.09',
      thisYearAmount: '812300.00', pledgedAmount: '150000.00', pledgedCount: 6,
    });
    // In January this year's gifts all fall within this month.
    expect(sums.thisMonthAmount).toBe(now().slice(5, 7) === '01' ? '812300.00' : '25600.00');
    expect(sums.byPurpose[0]).toEqual({ key: '1', label: '奖助学金', count: 20, amount: '1105000.00' });
    expect(sums.byMethod[0]).toEqual({ key: '1', label: '银行转账', count: 30, amount: '2650000.00' });
    expect(sums.byDonorType[0]).toEqual({ key: '1', label: '校友个人', count: 52, amount: '960650.00' });
    expect(sums.byDepartment[0]).toEqual({ key: CS, label: '计算机科学与技术学院', count: 14, amount: '1230000.00' });
    expect(sums.topDonors[0]).toEqual({ key: '1900000000000030207', label: '深圳市示范校友科技有限公司', count: 1, amount: '1000000.00' });
    expect(sums.topDonors.length).toBeLessThanOrEqual(10);
    // Every dictionary entry, zero-filled, and twelve months, oldest first.
    expect(sums.byPurpose.map((i: Json) => i.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '99']);
    expect(sums.byMonth).toHaveLength(12);
    expect(sums.byMonth[11].key).toBe(now().slice(0, 7));
    const byPurpose = sums.byPurpose.reduce((s: number, i: Json) => s + Number(i.amount), 0);
    expect(byPurpose.toFixed(2)).toBe('3218650.00');
  });

  it('sums what the filters name: a payment status, a purpose, pledges within the other filters', async () => {
    const refunded = await data('GET', '/api/donation/countAmount?paymentStatus_equal=3', admin);
    expect(refunded).toMatchObject({ count: 2, totalAmount: '11000.00', pledgedCount: 6 });
    const scholarships = await data('GET', '/api/donation/countAmount?purpose_equal=1', admin);
    expect(scholarships).toMatchObject({ count: 20, totalAmount: '1105000.00', pledgedCount: 2, pledgedAmount: '50000.00' });
    await refused('GET', '/api/donation/countAmount?nonsense=1', admin, undefined, '不支持的查询条件: nonsense');
  });

  it('shows a college only the gifts to it, in lists and sums', async () => {
    const sums = await data('GET', '/api/donation/countAmount', college);
    expect(sums).toMatchObject({ count: 14, totalAmount: '1230000.00' });
    expect(sums.byDepartment).toEqual([{ key: CS, label: '计算机科学与技术学院', count: 14, amount: '1230000.00' }]);
    const page = await data('GET', '/api/donation/page?size=100', college);
    expect(page.records.every((r: Json) => r.departmentId === CS)).toBe(true);
    const other = (await data('GET', '/api/donation/page?departmentId_equal=1900000000000010002&size=1', admin)).records[0] as Json;
    await refused('GET', `/api/donation/detail?id=${String(other.id)}`, college, undefined, '数据不存在', 404);
    // The leader reads everything but writes nothing.
    await refused('POST', '/api/donation/update', leader, gift(), '无权限', 403);
  });

  it('lists by donate time, newest first, with names and codes of received gifts', async () => {
    const page = await data('GET', '/api/donation/page?size=100&paymentStatus_equal=2', admin);
    expect(page.total).toBe(68);
    const times = page.records.map((r: Json) => String(r.donateTime));
    expect([...times].sort().reverse()).toEqual(times);
    for (const r of page.records as Json[]) expect(String(r.donationCode)).toMatch(/^JZ\d{4}\d{6}$/);
    const anonymous = await data('GET', '/api/donation/page?isAnonymous_equal=1&size=20', admin);
    expect(anonymous.total).toBe(5);
    const usd = (await data('GET', '/api/donation/page?currency_equal=USD', admin)).records[0] as Json;
    expect(usd).toMatchObject({ amount: '10000.00', cnyAmount: '71800.00', currencyName: '美元' });
    const individual = (await data('GET', '/api/donation/page?donorType_equal=1&size=1', admin)).records[0] as Json;
    expect(String(individual.alumniCode)).toMatch(/^XY\d{7}$/);
  });

  it('records a pledge without a code, receives it with the next code of its year, and issues a receipt', async () => {
    const pledge = await data('POST', '/api/donation/update', foundation, gift({ amount: 3000.5 }));
    expect(pledge).toMatchObject({ amount: '3000.50', cnyAmount: '3000.50', paymentStatus: 1, donationCode: null, orgDeptId: '1900000000000920004' });
    await refused('POST', `/api/donation/updateDonationCode?id=${String(pledge.id)}`, foundation, undefined, '认捐尚未到账，不能生成捐赠编号');
    await refused('POST', '/api/donation/update', foundation, { id: pledge.id, paymentStatus: 2 }, '请选择到账日期');
    const received = await data('POST', '/api/donation/update', foundation, { id: pledge.id, paymentStatus: 2, arrivalDate: now().slice(0, 10) });
    expect(String(received.donationCode)).toMatch(new RegExp(`^JZ${year()}\\d{6}$`));
    const second = await data('POST', '/api/donation/update', foundation, gift({ paymentStatus: 2, arrivalDate: now().slice(0, 10) }));
    expect(Number(String(second.donationCode).slice(-6))).toBe(Number(String(received.donationCode).slice(-6)) + 1);
    // A code is set by hand in its format, once per tenant; generating again gives the next number.
    await refused('POST', `/api/donation/updateDonationCode?id=${String(second.id)}&donationCode=jz-1`, foundation, undefined, '捐赠编号只能包含大写字母、数字和“-”，长度4到32位');
    await refused('POST', `/api/donation/updateDonationCode?id=${String(second.id)}&donationCode=${String(received.donationCode)}`, foundation, undefined, '捐赠编号已存在');
    expect(await data('POST', `/api/donation/updateDonationCode?id=${String(second.id)}&donationCode=GIFT-0001`, foundation, undefined))
      .toEqual({ id: second.id, donationCode: 'GIFT-0001' });
    // The receipt: only for a received gift, with its number and date; then the amount is fixed.
    await refused('POST', '/api/donation/update', foundation, { id: received.id, receiptStatus: 1 }, '请输入票据号码');
    await data('POST', '/api/donation/update', foundation, { id: received.id, receiptStatus: 1, receiptNo: 'GY0001', receiptDate: now().slice(0, 10) });
    await refused('POST', '/api/donation/update', foundation, { id: received.id, amount: '5000' }, '已开具票据的捐赠不能修改金额');
    await refused('POST', '/api/donation/update', foundation, { id: received.id, paymentStatus: 3, remark: '退款' }, '请先作废已开具的票据');
    await refused('DELETE', `/api/donation/remove/${String(received.id)}`, foundation, undefined, '已到账的捐赠不能删除');
    await data('POST', '/api/donation/update', foundation, { id: received.id, receiptStatus: 2, remark: '开错' });
    await refused('POST', '/api/donation/update', foundation, { id: received.id, paymentStatus: 3, remark: '' }, '关闭认捐或退款请填写备注');
    const refunded = await data('POST', '/api/donation/update', foundation, { id: received.id, paymentStatus: 3, remark: '捐赠方申请退款' });
    expect(refunded.paymentStatus).toBe(3);
    await refused('POST', '/api/donation/update', foundation, { id: received.id, paymentStatus: 2 }, '捐赠状态不能从“已退款”改为“已支付”');
  });

  it('checks the donor, the currency, goods and dates, and changes nothing on a refusal', async () => {
    const before = (await data('GET', '/api/donation/page?size=1', admin)).total;
    await refused('POST', '/api/donation/update', foundation, gift({ donorType: '1' }), '请选择校友');
    await refused('POST', '/api/donation/update', foundation, gift({ donorType: '3' }), '请选择校友组织');
    await refused('POST', '/api/donation/update', foundation, gift({ currency: 'USD' }), '外币捐赠请输入折合人民币');
    await refused('POST', '/api/donation/update', foundation, gift({ donationMethod: '6' }), '请输入物资说明');
    await refused('POST', '/api/donation/update', foundation, gift({ donateTime: '2999-01-01 00:00:00' }), '捐赠时间不能晚于今天');
    await refused('POST', '/api/donation/update', foundation, gift({ amount: '12.345' }), '捐赠金额必须是金额，最多两位小数');
    await refused('POST', '/api/donation/update', foundation, gift({ amount: 0 }), '捐赠金额不能小于0.01');
    await refused('POST', '/api/donation/update', foundation, gift({ phone: '12345' }), '请输入正确的手机号码');
    expect((await data('GET', '/api/donation/page?size=1', admin)).total).toBe(before);
    // An alumnus's gift takes the alumnus's name when none is given.
    const alumnus = (await data('GET', '/api/donation/page?donorType_equal=1&size=1', admin)).records[0] as Json;
    const own = await data('POST', '/api/donation/update', foundation, gift({ donorType: '1', alumniId: alumnus.alumniId, donorName: '' }));
    expect(own.donorName).toBe(alumnus.alumniName);
    // A pledge is removed by DELETE remove/{id}.
    expect(await data('DELETE', `/api/donation/remove/${String(own.id)}`, foundation)).toBe(true);
    await refused('GET', `/api/donation/detail?id=${String(own.id)}`, foundation, undefined, '数据不存在', 404);
  });

  it('exports the list as the page filters it, and offers an import template', async () => {
    const exported = await t.call('GET', '/api/donation/export?purpose_equal=1&paymentStatus_equal=2', foundation);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const listed = (await data('GET', '/api/donation/page?purpose_equal=1&paymentStatus_equal=2&size=1', foundation)).total as number;
    expect(listed).toBeGreaterThanOrEqual(20);
    expect(sheet?.rowCount).toBe(listed + 1);
    expect(sheet?.getRow(1).values).toContain('捐赠编号');
    const template = await t.call('GET', '/api/donation/export-template', foundation);
    expect(template.statusCode, template.body).toBe(200);
    await refused('GET', '/api/donation/export', leader, undefined, '无权限', 403);
  });

  it('prints the receipt of a received gift as a PDF with the Chinese font embedded', async () => {
    const received = (await data('GET', '/api/donation/page?paymentStatus_equal=2&receiptStatus_equal=1&size=1', foundation)).records[0] as Json;
    const res = await t.call('GET', `/api/donation/receipt?id=${String(received.id)}`, foundation);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes('NotoSansHans')).toBe(true);
    expect(pdf.includes('/FontFile3')).toBe(true);
    expect(pdf.length).toBeLessThan(400_000);
    const pledge = (await data('GET', '/api/donation/page?paymentStatus_equal=1&size=1', foundation)).records[0] as Json;
    await refused('GET', `/api/donation/receipt?id=${String(pledge.id)}`, foundation, undefined, '只有已到账的捐赠可以打印票据');
  });
});
