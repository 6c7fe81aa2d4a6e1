import { basicInfoEntity, registInfoEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { portalHeaders, signInAlumnusForTest } from '../test-support/portal-calls.js';

const BASE = '/api/blade-portal';

describe.each(testDialects())('the alumni portal\'s "me" on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let mine: { id: string; name: string; phone: string };
  let other: { id: string; name: string };
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    const { db } = t.app.services.database;
    // Alumni with an approved study record and consent to SMS and e-mail.
    const rows = await db.selectFrom(`${basicInfoEntity.table} as a`)
      .innerJoin('alumni_student_status as s', (j) => j.onRef('s.alumni_id', '=', 'a.id').on('s.examine_status', '=', 1).on('s.is_deleted', '=', 0))
      .select(['a.id', 'a.name', 'a.phone']).distinct()
      .where('a.tenant_id', '=', '000000').where('a.is_deleted', '=', 0).where('a.status', '=', 1).where('a.is_deceased', '=', 0)
      .where('a.allow_sms', '=', 1).where('a.allow_email', '=', 1).where('a.phone', 'is not', null).orderBy('a.id').limit(2).execute();
    expect(rows.length).toBe(2);
    const [a, b] = rows as [(typeof rows)[number], (typeof rows)[number]];
    mine = { id: String(a.id), name: String(a.name), phone: t.app.services.sealing.openColumn(basicInfoEntity, 'phone', a.phone) as string };
    other = { id: String(b.id), name: String(b.name) };
    token = await signInAlumnusForTest(t.app, '000000', mine.id);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, lang: 'zh' | 'en' = 'zh', as = token) =>
    t.app.inject({ method, url: `${BASE}${url}`, headers: portalHeaders(as, lang), ...(payload === undefined ? {} : { payload: payload as object }) });

  it('answers my own record, masked where sensitive, with consent and hidden visibility by default', async () => {
    const res = await call('GET', '/me', undefined, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { id: string; name: string; fields: { key: string; label: string; value: string }[]; consent: unknown; visibility: unknown };
    expect(data.id).toBe(mine.id);
    expect(data.name).toBe(mine.name);
    const phone = data.fields.find((f) => f.key === 'phone');
    expect(phone).toEqual({ key: 'phone', label: 'Mobile', value: `${mine.phone.slice(0, 3)}****${mine.phone.slice(-4)}` });
    expect(res.body).not.toContain(mine.phone);
    // A dictionary value reads in the caller's language: the label the product ships in English.
    const gender = data.fields.find((f) => f.key === 'gender');
    expect(['Male', 'Female', 'Unknown', '']).toContain(gender?.value);
    expect(data.consent).toEqual({ sms: true, email: true, inApp: true });
    expect(data.visibility).toEqual({ phone: false, email: false, employer: false });
  });

  it('never answers another alumnus: no call takes an id, and a query or body naming one changes nothing', async () => {
    const otherToken = await signInAlumnusForTest(t.app, '000000', other.id);
    const asOther = await call('GET', `/me?id=${mine.id}&alumnusId=${mine.id}`, undefined, 'zh', otherToken);
    expect(asOther.json().data.id).toBe(other.id);
    expect(asOther.json().data.name).toBe(other.name);
    await call('PUT', '/me/visibility', { phone: true, alumnusId: mine.id, id: mine.id }, 'zh', otherToken);
    expect((await call('GET', '/me')).json().data.visibility.phone).toBe(false);
    expect((await call('GET', '/me', undefined, 'zh', otherToken)).json().data.visibility.phone).toBe(true);
    // The staff API refuses the portal token outright.
    const staff = await t.app.inject({ method: 'GET', url: `/api/blade-basicInfo/basicInfo/detail?id=${mine.id}`, headers: { 'blade-auth': `bearer ${otherToken}` } });
    expect(staff.statusCode).toBe(401);
  });

  it('changes consent on the record the pushes read, logging each change with its history', async () => {
    const res = await call('PUT', '/me/consent', { sms: false, inApp: false });
    expect(res.json().data).toEqual({ sms: false, email: true, inApp: false });
    const row = await t.app.services.database.db.selectFrom(basicInfoEntity.table).select(['allow_sms', 'allow_email'])
      .where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect([Number(row.allow_sms), Number(row.allow_email)]).toEqual([0, 1]);
    await call('PUT', '/me/consent', { sms: true });
    // Unchanged values log nothing.
    await call('PUT', '/me/consent', { email: true });
    const history = (await call('GET', '/me/consent/history')).json().data as { channel: string; granted: boolean; time: string }[];
    const portalRows = history.slice(0, 3).map((h) => `${h.channel}:${h.granted}`).sort();
    expect(portalRows).toEqual(['inApp:false', 'sms:false', 'sms:true']);
    expect(history[0]).toMatchObject({ channel: 'sms', granted: true });
    // The staff record's consent log shows the same rows, as the alumnus's own changes.
    const staffLog = await t.app.services.database.db.selectFrom('alumni_consent_log').select(['channel', 'allowed', 'source', 'operator'])
      .where('alumni_id', '=', mine.id).where('note', '=', '校友门户').execute();
    expect(staffLog.length).toBe(3);
    expect(staffLog.every((r) => r.operator === null)).toBe(true);
    expect(staffLog.map((r) => `${r.channel}:${r.allowed}:${r.source}`).sort()).toEqual(['1:0:2', '2:0:2', '2:1:3']);
  });

  it('refuses a consent or visibility body that is not booleans, changing nothing', async () => {
    const bad = await call('PUT', '/me/consent', { sms: 'no' }, 'en');
    expect(bad.json()).toMatchObject({ code: 400, msg: 'sms must be true or false' });
    const empty = await call('PUT', '/me/visibility', {});
    expect(empty.json()).toMatchObject({ code: 400, msg: '请至少修改一项' });
    expect((await call('GET', '/me')).json().data.consent.sms).toBe(true);
  });

  it('sends a correction to the staff as a registration to examine, with my record and the change', async () => {
    const res = await call('POST', '/me/correction', { changes: { company: '新单位科技有限公司', position: '总工程师' }, reason: '已换工作' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    const detail = await t.call('GET', `/api/blade-registInfo/registInfo/detail/${id}`, admin);
    expect(detail.statusCode, detail.body).toBe(200);
    const reg = detail.json().data as Record<string, unknown>;
    expect(reg).toMatchObject({ name: mine.name, company: '新单位科技有限公司', position: '总工程师', alumniId: mine.id, examineStatus: 0 });
    expect(String(reg.remark)).toContain('已换工作');
    // The examiner finds the alumnus as the record to merge into, and merging writes the change.
    expect((reg.duplicateCandidates as { alumniId: string }[]).map((c) => c.alumniId)).toContain(mine.id);
    const merged = await t.call('PUT', '/api/blade-registInfo/registInfo/manage/examine', admin,
      { ids: id, examineStatus: 3, mergeAlumniId: mine.id, overwriteFields: 'company,position', examineOpinion: '核实无误' });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = await t.app.services.database.db.selectFrom(basicInfoEntity.table).select(['company', 'position', 'name'])
      .where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ company: '新单位科技有限公司', position: '总工程师', name: mine.name });
    const waiting = await call('POST', '/me/correction', { changes: { position: '副总工程师' }, reason: '职务调整' });
    expect(waiting.statusCode, waiting.body).toBe(200);
    // One correction waits at a time.
    const again = await call('POST', '/me/correction', { changes: { position: '院长' }, reason: '再次修改' }, 'en');
    expect(again.json()).toMatchObject({ code: 400, msg: 'A correction you asked for is still being examined; please wait for it' });
    const count = await t.app.services.database.db.selectFrom(registInfoEntity.table).select((eb) => eb.fn.countAll().as('n'))
      .where('alumni_id', '=', mine.id).where('examine_status', '=', 0).executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('shows the staff in the alumni record whether the alumnus has signed in to the portal', async () => {
    const detail = async (id: string) => (await t.call('GET', `/api/blade-basicInfo/basicInfo/detail?id=${id}`, admin)).json().data as Record<string, unknown>;
    const signedIn = (await detail(mine.id)).portalSignIns as { first: string; last: string; count: number };
    expect(signedIn.count).toBeGreaterThanOrEqual(1);
    expect(signedIn.first <= signedIn.last).toBe(true);
    const never = await t.app.services.database.db.selectFrom(basicInfoEntity.table).select('id').where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0).where('id', 'not in', [mine.id, other.id]).limit(1).executeTakeFirstOrThrow();
    expect((await detail(String(never.id))).portalSignIns).toBeNull();
  });

  it('refuses a correction of a field it may not change, or without a reason', async () => {
    const field = await call('POST', '/me/correction', { changes: { alumniCode: 'X' }, reason: '原因说明' }, 'en');
    expect(field.json()).toMatchObject({ code: 400, msg: 'These fields cannot be corrected here: alumniCode' });
    const reason = await call('POST', '/me/correction', { changes: { position: '院长' } });
    expect(reason.json()).toMatchObject({ code: 400, msg: '请填写更正原因（2-500字）' });
  });
});
