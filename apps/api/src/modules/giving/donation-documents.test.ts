import { donationEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Params } from '../../access/params.js';
import { now } from '../../core/time.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { schoolLook } from './donation-certificate.js';
import { donorProgress } from './donor-progress.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;
const TENANT = '000000';
const CS = '1900000000000010001';

describe.each(testDialects())('the certificate and the donor progress report as PDFs (%s)', (dialect) => {
  let t: TestApp;
  let foundation: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    foundation = await t.signIn('foundation');
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, foundation, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };
  const today = () => now().slice(0, 10);
  const gift = (over: Row = {}) => data('POST', '/api/donation/update', {
    donorType: '2', purpose: '1', donationMethod: '1', currency: 'CNY', amount: '1000', donateTime: `${today()} 00:00:00`,
    paymentStatus: 2, arrivalDate: today(), receiptStatus: 0, departmentId: CS, ...over,
  });
  const expectPdf = (res: Awaited<ReturnType<TestApp['call']>>, name: RegExp) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(name);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.includes('NotoSansHans')).toBe(true);
  };

  it('prints the certificate of a received gift with the font embedded, and refuses a pledge', async () => {
    const received = await gift({ donorName: `证书测试企业${Date.now()}` });
    expectPdf(await t.call('GET', `/api/donation/certificate?id=${received.id}`, foundation), /捐赠证书-JZ\d{10}\.pdf$/);
    const pledge = await gift({ donorName: `证书测试认捐${Date.now()}`, paymentStatus: 1, arrivalDate: '' });
    const refused = await t.call('GET', `/api/donation/certificate?id=${pledge.id}`, foundation, undefined, { 'accept-language': 'zh-CN' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('只有已到账的捐赠可以生成捐赠证书');
  });

  it("takes the school's colour and signer from its parameters, a colour that is none falling back to the default", async () => {
    const db = t.app.services.database.db;
    const params = new Params(db);
    expect(await schoolLook(params, TENANT, '示范大学')).toEqual({ color: '#9b1c1c', signer: '示范大学教育发展基金会' });
    const set = async (paramKey: string, paramValue: string) => {
      const res = await t.call('POST', '/api/blade-system/param/submit', await t.signIn('admin'), { paramName: paramKey, paramKey, paramValue });
      expect(res.statusCode, res.body).toBe(200);
    };
    await set('donation.certificate.color', '#1d4ed8');
    await set('donation.certificate.signer', '{school}校友会');
    expect(await schoolLook(new Params(db), TENANT, '示范大学')).toEqual({ color: '#1d4ed8', signer: '示范大学校友会' });
  });

  it("reports the funds a donor gave to — the donor's part, each fund's total and donors — and prints it", async () => {
    const donorName = `进展报告企业${Date.now()}`;
    const split = await gift({ donorName, amount: '1000', fundSplits: JSON.stringify([{ purpose: '2', amount: '600' }, { purpose: '3', amount: '400' }]) });
    await gift({ donorName, amount: '500', purpose: '2' });
    await gift({ donorName, amount: '300', purpose: '4', paymentStatus: 1, arrivalDate: '' });
    const scope = { tenantId: TENANT };
    const { repository, database } = t.app.services;
    const [row] = await repository.findByIds(donationEntity, scope, [String(split.id)]);
    const progress = await donorProgress(database.db, repository, database.dialect, scope, row as Row);
    expect(progress.gifts.map((g) => [g.purpose, g.cents, g.paymentStatus])).toEqual([['1', 100000, 2], ['2', 50000, 2], ['4', 30000, 1]]);
    // The pledge funds nothing yet; each fund's total is what countAmount gives for its purpose.
    const two = await data('GET', '/api/donation/countAmount?purpose_equal=2');
    const three = await data('GET', '/api/donation/countAmount?purpose_equal=3');
    expect(progress.funds).toEqual([
      { purpose: '2', donorCents: 110000, fundCents: Math.round(Number(two.totalAmount) * 100), fundDonors: two.donorCount },
      { purpose: '3', donorCents: 40000, fundCents: Math.round(Number(three.totalAmount) * 100), fundDonors: three.donorCount },
    ]);
    expectPdf(await t.call('GET', `/api/donation/progressReport?id=${split.id}`, foundation), new RegExp(`捐赠进展报告-${donorName}\\.pdf$`));
    expect((await t.call('GET', '/api/donation/progressReport?id=1', foundation)).statusCode).toBe(404);
  });
});
