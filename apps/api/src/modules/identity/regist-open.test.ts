import { createCipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../seed/menu-tree.js';
import { residentId } from '../../seed/people-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const OPEN = '/api/blade-registInfo/registInfo/open';
const BASE = '/api/blade-registInfo/registInfo';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);

describe.each(testDialects())('the self-service registration page\'s calls on %s (DOMAIN 4.2.6)', (dialect) => {
  let t: TestApp;
  let office: string;
  let admin: string;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  /** A captcha's key and text, as the page shows it and a person reads it. */
  const captcha = async () => {
    const { key } = (await t.call('GET', '/api/blade-auth/oauth/captcha', null)).json() as { key: string };
    return { key, code: String(await t.app.services.captcha.peek(key)) };
  };
  const submit = async (body: unknown, headers: Record<string, string> = {}) => {
    const { key, code } = await captcha();
    const res = await t.call('POST', `${OPEN}/submit`, null, body, { 'captcha-key': key, 'captcha-code': code, 'tenant-id': '000000', ...headers });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const person = (values: Json = {}) => ({
    name: '赵自助', gender: '1', idType: '1', idCardNo: residentId('1991-02-0' + (1 + (serial % 9)), 700 + (serial += 1), true),
    departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2010, graduationYear: 2014,
    areaCode: '+86', phone: `1370000${String(1000 + serial).slice(-4)}`, country: '中国', provinceCode: '440000',
    agreementVersion: '1.1', ...values,
  });

  it('offers the school, its departments, their specialities and the agreement without a token', async () => {
    const options = (await t.call('GET', `${OPEN}/options`, null, undefined, { 'tenant-id': '000000' })).json().data as Json;
    // The school's current version of the agreement (the demo school's 1.1), not the built-in 1.0.
    expect(options).toMatchObject({ schoolName: '示范大学', schoolBeginYear: 1952, agreement: { textCode: 'REGIST_AGREEMENT', version: '1.1', title: '校友信息登记协议' } });
    expect(options.agreement.content).toContain('个人信息保护法');
    expect(options.departments.some((d: Json) => d.id === CS)).toBe(true);
    expect(options.provinces).toContainEqual({ code: '440000', name: '广东省' });
    const specialities = (await t.call('GET', `${OPEN}/speciality?departmentId=${CS}`, null, undefined, { 'tenant-id': '000000' })).json().data as Json[];
    expect(specialities.some((s) => s.id === NETWORKS)).toBe(true);
    expect((await t.call('GET', `${OPEN}/options`, null, undefined, { 'tenant-id': '999999' })).json().msg).toBe('租户ID未找到');
    const english = (await t.call('GET', `${OPEN}/options`, null, undefined, { 'tenant-id': '000000', 'accept-language': 'en' })).json().data as Json;
    expect(english.agreement.version).toBe('1.1');
  });

  it('follows the school\'s texts: the version a submission accepts is the one shown now', async () => {
    expect((await submit(person({ agreementVersion: '1.0' }))).body.msg).toBe('请阅读并同意登记协议');
    const texts = (await t.call('GET', '/api/blade-text/text/list?textCode=REGIST_AGREEMENT&size=10', admin)).json().data.records as Json[];
    const v11 = texts.find((r) => r.version === '1.1') as Json;
    // A version written with unsafe HTML is shown cleaned; one dated ahead does not take over yet.
    const ahead = await t.call('POST', '/api/blade-text/text/submit', admin, {
      textCode: 'REGIST_AGREEMENT', title: '校友信息登记协议', textType: '1', version: '2.0', status: 1,
      content: '<p>新版协议</p><script>alert(1)</script>', effectiveDate: '2999-01-01',
    });
    expect(ahead.json().success).toBe(true);
    const options = (await t.call('GET', `${OPEN}/options`, null, undefined, { 'tenant-id': '000000' })).json().data as Json;
    expect(options.agreement.version).toBe('1.1');
    // With 1.1 disabled the page falls back to 1.0, and a submission accepting 1.0 is recorded so.
    expect((await t.call('POST', '/api/blade-text/text/submit', admin, { ...v11, status: 2 })).json().success).toBe(true);
    try {
      expect((await t.call('GET', `${OPEN}/options`, null, undefined, { 'tenant-id': '000000' })).json().data.agreement.version).toBe('1.0');
      const made = await submit(person({ agreementVersion: '1.0' }));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const list = (await t.call('GET', `${BASE}/manage/list?registNo=${made.body.data.registNo}`, office)).json().data as Json;
      expect(list.records[0]).toMatchObject({ agreementTextCode: 'REGIST_AGREEMENT', agreementVersion: '1.0' });
    } finally {
      expect((await t.call('POST', '/api/blade-text/text/submit', admin, { ...v11, status: 1 })).json().success).toBe(true);
      await t.call('POST', `/api/blade-text/text/remove?ids=${ahead.json().data.id}`, admin);
    }
  });

  it('takes a registration with the captcha and the agreement, as a pending self-service entry', async () => {
    expect((await submit(person({ agreementVersion: undefined }))).body.msg).toBe('请阅读并同意登记协议');
    const { key } = await captcha();
    const wrong = await t.call('POST', `${OPEN}/submit`, null, person(), { 'captcha-key': key, 'captcha-code': 'zzzz', 'tenant-id': '000000' });
    expect(wrong.json().msg).toBe('验证码不正确');
    const bad = await submit(person({ phone: '12345678901' }));
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.phone).toBe('请输入正确的手机号码');

    const made = await submit(person({ remark: '不该写入', source: '3', examineStatus: 1 }));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.registNo).toMatch(/^DJ\d{12}$/);
    const list = (await t.call('GET', `${BASE}/manage/list?registNo=${made.body.data.registNo}`, office)).json().data as Json;
    expect(list.records[0]).toMatchObject({ examineStatus: 0, source: '1', agreementTextCode: 'REGIST_AGREEMENT', agreementVersion: '1.1', remark: null, status: 1 });
    const shown = (await t.call('GET', `${BASE}/detail/${list.records[0].id}`, office)).json().data as Json;
    expect(shown.examineLogs[0]).toMatchObject({ action: 'submit', toStatus: 0, examineUserName: '赵自助' });
  });

  it('accepts the body encrypted as the manage save\'s', async () => {
    const key = t.app.services.config.apiCryptoKey;
    const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, Buffer.from(key), Buffer.from(key).subarray(0, 16));
    const text = Buffer.concat([cipher.update(JSON.stringify(person({ name: '钱加密' })), 'utf8'), cipher.final()]).toString('base64');
    const made = await submit(text, { 'content-type': 'text/plain' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await submit('not encrypted', { 'content-type': 'text/plain' })).status).toBe(400);
  });

  it('tells a registrant where the registration stands, and lets a rejected one submit again', async () => {
    const body = person({ name: '孙驳回' });
    const { registNo } = (await submit(body)).body.data as Json;
    const progress = async (phone: string) => t.call('GET', `${OPEN}/progress?registNo=${registNo}&phone=${encodeURIComponent(phone)}`, null, undefined, { 'tenant-id': '000000' });
    const waiting = (await progress(body.phone)).json().data as Json;
    expect(waiting).toMatchObject({ registNo, examineStatus: 0, examineStatusName: '待审核', examineOpinion: null });
    expect((await progress('13900000000')).json().msg).toBe('未找到登记记录');
    // The same phone written another way is the same phone.
    expect((await progress(`+86 ${body.phone.slice(0, 3)} ${body.phone.slice(3)}`)).statusCode).toBe(200);

    const again = await submit({ ...body, id: waiting.id });
    expect(again.body.msg).toBe('只有被驳回的登记可以重新提交');
    await t.call('PUT', `${BASE}/manage/examine`, office, { ids: waiting.id, examineStatus: 2, examineOpinion: '学历信息与学籍档案不符' });
    const rejected = (await progress(body.phone)).json().data as Json;
    expect(rejected).toMatchObject({ examineStatus: 2, examineOpinion: '学历信息与学籍档案不符' });
    expect((await submit({ ...body, id: waiting.id, phone: '13900000000' })).body.msg).toBe('未找到登记记录');
    const resubmitted = await submit({ ...body, id: waiting.id, className: '网络1001' });
    expect(resubmitted.body.data.registNo).toBe(registNo);
    expect((await progress(body.phone)).json().data).toMatchObject({ examineStatus: 0, examineOpinion: null });
    const shown = (await t.call('GET', `${BASE}/detail/${waiting.id}`, office)).json().data as Json;
    expect(shown.examineLogs.map((l: Json) => l.action)).toEqual(['resubmit', 'reject', 'submit']);
  });
  it('refuses a second registration of the same ID number while one waits for examination, and takes it once that one is examined', async () => {
    const body = person({ name: '钱重复' });
    const first = await submit(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const registNos = async () => ((await t.call('GET', `${BASE}/manage/list?name=${encodeURIComponent('钱重复')}&size=50`, office)).json().data.records as Json[]).map((r) => r.registNo);
    // The same person again, from another phone and with the ID number in lower case: refused, nothing written.
    const again = await submit({ ...body, phone: '13711112222', idCardNo: String(body.idCardNo).toLowerCase() });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该证件号码已有待审核的登记，请勿重复提交；如需更正，请联系校友办');
    const english = await submit({ ...body, phone: '13711112223' }, { 'accept-language': 'en' });
    expect(english.body.msg).toContain('already waiting for examination');
    expect(await registNos()).toEqual([first.body.data.registNo]);
    // Once the first is rejected, the person may register anew.
    const [row] = ((await t.call('GET', `${BASE}/manage/list?name=${encodeURIComponent('钱重复')}&size=50`, office)).json().data.records as Json[]);
    await t.call('PUT', `${BASE}/manage/examine`, office, { ids: row?.id, examineStatus: 2, examineOpinion: '信息不全' });
    const after = await submit({ ...body, phone: '13711112224' });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    // Once approved, the person may register again with new details (the examiner merges the update).
    const waiting = ((await t.call('GET', `${BASE}/manage/list?name=${encodeURIComponent('钱重复')}&size=50`, office)).json().data.records as Json[])
      .find((r) => r.registNo === after.body.data.registNo);
    await t.call('PUT', `${BASE}/manage/examine`, office, { ids: waiting?.id, examineStatus: 1, examineOpinion: '核实无误' });
    const update = await submit({ ...body, phone: '13711112225' });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
  });
});
