import { basicInfoEntity, privacyRequestEntity, sensitiveFields } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../core/time.js';
import { IDENTITY_KEY_TABLE } from '../db/migrations/021-identity.js';
import { AUDIT_TABLE } from '../db/migrations/037-audit-trail.js';
import { LOCAL_SERVICES } from '../test-support/local-services.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { ANONYMOUS_NAME, KEPT_FIELDS, rowsAboutAlumnus } from './portal-privacy-anonymise.js';
import { privacyDeadline } from './portal-privacy-deadline.js';
import { portalCalls, portalHeaders, signInAlumnusForTest } from '../test-support/portal-calls.js';

type Json = Record<string, unknown>;
const PORTAL = '/api/blade-portal';
const QUEUE = '/api/blade-privacyRequest/privacyRequest';
const PUSH = '/api/blade-noticePush/noticePush';

describe.each(testDialects())('the portal\'s privacy rights on %s (PIPL art. 44–47, issue 28)', (dialect) => {
  let t: TestApp;
  let office: string;
  let staff: string;
  let alumni: Json[];

  const { portal, data } = portalCalls(() => t);
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    t = await startTestApp(dialect, LOCAL_SERVICES);
    office = await t.signIn('office');
    staff = await t.signInWithCodes(await t.signIn('admin'), ['alumni', 'privacyrequest', 'privacyrequest_edit', 'privacyrequest_view', 'privacyrequest_delete']);
    const list = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=100&status=1&isDeceased=0', office)).json().data.records as Json[];
    alumni = list.filter((a) => typeof a.phone === 'string' && /^1\d{10}$/.test(a.phone) && typeof a.email === 'string' && a.email.includes('@'));
    await t.app.services.jobs.start();
  });
  afterAll(async () => t?.close());

  it('exports every row the school holds about me, opened, and none of anyone else\'s', async () => {
    const [me, other] = alumni as [Json, Json];
    const mine = await signInAlumnusForTest(t.app, '000000', String(me.id));
    await data('POST', '/texts', mine, { title: '导出测试留言', content: '请问如何导出我的数据？' });
    const res = await portal('GET', '/privacy/export?format=json', mine);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const exported = JSON.parse(res.body) as { alumnusId: string; tables: { table: string; rows: Json[] }[] };
    expect(exported.alumnusId).toBe(me.id);
    const record = exported.tables.find((x) => x.table === basicInfoEntity.table);
    expect(record?.rows).toHaveLength(1);
    // Opened: the phone and e-mail in full, as the staff see them unmasked.
    const full = await t.app.services.repository.findById(basicInfoEntity, { tenantId: '000000' }, String(me.id));
    expect(record?.rows[0]).toMatchObject({ id: me.id, name: full?.name, phone: full?.phone, email: full?.email });
    expect(exported.tables.find((x) => x.table === 'alumni_message')?.rows.some((r) => r.title === '导出测试留言')).toBe(true);
    // Every table that points to an alumnus holds rows of mine only, and all of mine.
    for (const { entity, fields } of rowsAboutAlumnus()) {
      const table = exported.tables.find((x) => x.table === entity.table);
      const stored = await db().selectFrom(entity.table).select('id').where('tenant_id', '=', '000000').where('is_deleted', '=', 0)
        .where((eb) => eb.or(fields.map((f) => eb(f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), '=', String(me.id))))).execute();
      expect((table?.rows ?? []).map((r) => String(r.id)).sort(), entity.table).toEqual(stored.map((r) => String(r.id)).sort());
      for (const row of table?.rows ?? []) expect(fields.some((f) => row[f] === me.id), entity.table).toBe(true);
    }
    const theirs = await t.app.services.repository.findById(basicInfoEntity, { tenantId: '000000' }, String(other.id));
    for (const value of [theirs?.phone, theirs?.email, theirs?.idCardNo]) if (value) expect(res.body).not.toContain(String(value));

    const html = await portal('GET', '/privacy/export?format=html', mine, undefined, 'en');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain(`The data the school holds about ${String(me.name)}`);
    expect(html.body).toContain(String(full?.phone));
    const bad = await portal('GET', '/privacy/export?format=xml', mine, undefined, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The format must be json or html');
    expect((await portal('GET', '/privacy/export?format=xml', mine)).json().msg).toBe('导出格式只能是 json 或 html');
  });

  it('puts a correction request in the staff queue with its legal deadline, and records its handling in the audit trail', async () => {
    const me = alumni[2] as Json;
    const token = await signInAlumnusForTest(t.app, '000000', String(me.id));
    const empty = await portal('POST', '/privacy/requests', token, { kind: 'correction', detail: '' }, 'en');
    expect(empty.statusCode).toBe(400);
    expect((await portal('POST', '/privacy/requests', token, { kind: 'forget-me' })).json().msg).toBe('请求类型只能是更正、删除或撤回同意');
    const made = await data('POST', '/privacy/requests', token, { kind: 'correction', detail: '我的工作单位已变更为示范科技公司' }) as Json;
    expect(made).toMatchObject({ id: expect.any(String), deadline: privacyDeadline(now()), state: 'waiting' });
    const twice = await portal('POST', '/privacy/requests', token, { kind: 'correction', detail: '再次提交' }, 'en');
    expect(twice.json().msg).toBe('A request of this kind is already being handled');
    expect(await data('GET', '/privacy/requests', token)).toEqual([expect.objectContaining({ id: made.id, kind: 'correction', state: 'waiting', stateLabel: '待处理' })]);

    const queue = (await t.call('GET', `${QUEUE}/list?size=50&state=0`, staff)).json().data.records as Json[];
    expect(queue.find((r) => r.id === made.id)).toMatchObject({ alumniId: me.id, alumniName: me.name, kind: '1', deadline: made.deadline });
    expect((await t.call('GET', `${QUEUE}/list?size=5`, await t.signIn('college'))).statusCode).toBe(403);
    expect((await t.call('GET', `${QUEUE}/list?size=5`, office)).statusCode).toBe(200);
    const reject = await t.call('POST', `${QUEUE}/submit`, staff, { id: made.id, state: 3 });
    expect(reject.statusCode).toBe(400);
    const handled = await t.call('POST', `${QUEUE}/submit`, staff, { id: made.id, state: 1, opinion: '已联系校友核实' });
    expect(handled.statusCode, handled.body).toBe(200);
    const done = await t.call('POST', `${QUEUE}/submit`, staff, { id: made.id, state: 2, opinion: '已更正工作单位' });
    expect(done.json().data).toMatchObject({ state: 2, handleUser: expect.any(String), handleTime: expect.any(String) });
    const back = await t.call('POST', `${QUEUE}/submit`, staff, { id: made.id, state: 0 });
    expect(back.statusCode).toBe(400);
    const trail = await db().selectFrom(AUDIT_TABLE).select(['action', 'user_id']).where('entity', '=', privacyRequestEntity.name)
      .where('record_id', '=', String(made.id)).orderBy('id').execute();
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(String(trail[1]?.user_id)).not.toBe('0');
    expect(await data('GET', '/privacy/requests', token)).toEqual([expect.objectContaining({ id: made.id, state: 'done', opinion: '已更正工作单位' })]);
  });

  it('anonymises every personal field of an alumnus on a handled deletion request and keeps the statistics', async () => {
    const statistics = async () => ({
      alumni: await db().selectFrom(basicInfoEntity.table).select(['department_id', 'first_enrollment_year', (eb) => eb.fn.countAll().as('n')])
        .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).groupBy(['department_id', 'first_enrollment_year']).orderBy('department_id').orderBy('first_enrollment_year').execute(),
      studies: await db().selectFrom('alumni_student_status').select(['department_id', 'enrollment_year', (eb) => eb.fn.countAll().as('n')])
        .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).groupBy(['department_id', 'enrollment_year']).orderBy('department_id').orderBy('enrollment_year').execute(),
      gifts: await db().selectFrom('alumni_donation').select([(eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('amount').as('sum')])
        .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).execute(),
    });
    const me = alumni[3] as Json;
    const token = await signInAlumnusForTest(t.app, '000000', String(me.id));
    await data('POST', '/texts', token, { title: '请删除我的信息', content: `我的电话是${String(me.phone)}` });
    const before = await statistics();
    const asked = await data('POST', '/privacy/requests', token, { kind: 'deletion', detail: '请删除我的个人信息' }) as Json;
    expect(asked.state).toBe('waiting');
    const unasked = await t.call('POST', `${QUEUE}/submit`, staff, { id: asked.id, state: 2 }, { 'accept-language': 'en' });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().msg).toBe('A deletion request is completed through “Anonymise”, which asks first');
    const done = await t.call('POST', `${QUEUE}/submit`, staff, { id: asked.id, state: 2, opinion: '已匿名化', anonymise: 1 });
    expect(done.statusCode, done.body).toBe(200);

    const repository = t.app.services.repository;
    const record = await repository.findById(basicInfoEntity, { tenantId: '000000' }, String(me.id)) as Json;
    expect(record.name).toBe(ANONYMOUS_NAME);
    for (const field of Object.keys(basicInfoEntity.fields)) {
      if (KEPT_FIELDS.has(field) || field === 'name') continue;
      expect(record[field] ?? null, field).toBeNull();
    }
    expect(record).toMatchObject({ allowSms: 0, allowEmail: 0, allowWechat: 0, directoryVisible: 0, departmentId: me.departmentId, firstEnrollmentYear: me.firstEnrollmentYear });
    for (const { entity, fields } of rowsAboutAlumnus()) {
      const rows = await repository.all(entity, { tenantId: '000000' }, [{ field: fields[0] as string, op: 'equal', value: String(me.id) }]);
      for (const row of rows) {
        for (const [field] of sensitiveFields(entity)) expect(row[field] ?? null, `${entity.table}.${field}`).toBeNull();
        for (const field of ['name', 'alumniName', 'donorName']) {
          const named = (entity.fields as Record<string, { required?: boolean }>)[field];
          if (named) expect(row[field] ?? null, `${entity.table}.${field}`).toBe(named.required ? ANONYMOUS_NAME : null);
        }
      }
    }
    const keys = await db().selectFrom(IDENTITY_KEY_TABLE).select('alumni_id').where('alumni_id', '=', String(me.id)).execute();
    expect(keys).toHaveLength(0);
    expect(await statistics()).toEqual(before);
    // Signed out everywhere, and no longer found by the old name.
    expect((await portal('GET', '/privacy/requests', token)).statusCode).toBe(401);
    const found = (await t.call('GET', `/api/blade-basicInfo/basicInfo/list?size=10&name=${encodeURIComponent(String(me.name))}`, office)).json().data.records as Json[];
    expect(found.some((r) => r.id === me.id)).toBe(false);
  });

  it('withdraws every consent at once, and the next push reaches the alumnus on no channel', async () => {
    const me = alumni[4] as Json;
    const token = await signInAlumnusForTest(t.app, '000000', String(me.id));
    expect(await data('POST', '/me/consent/withdraw-all', token)).toEqual({ sms: false, email: false, inApp: false });
    const record = (await t.call('GET', `/api/blade-basicInfo/basicInfo/detail?id=${String(me.id)}`, office)).json().data as Json;
    expect(record).toMatchObject({ allowSms: 0, allowEmail: 0, allowWechat: 0 });
    const logged = await db().selectFrom('alumni_consent_log').select(['channel', 'allowed']).where('alumni_id', '=', String(me.id)).where('allowed', '=', 0).execute();
    expect(new Set(logged.map((r) => String(r.channel)))).toEqual(new Set(['1', '2', '3', '4']));

    // The next push: its in-app, e-mail and WeChat records are skipped for want of consent, nothing is delivered.
    await db().updateTable('blade_param').set({ param_value: 'https://alumni.example.edu.cn' }).where('param_key', '=', 'alumni.publicBaseUrl').execute();
    const setting = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', office, {
      settingName: '撤回测试', smtpHost: '127.0.0.1', smtpPort: 9, encryption: '0', username: 'mailer', password: 'secret',
      senderAddress: 'alumni@example.com', senderName: '校友总会', dailyLimit: 100, isDefault: 1,
    });
    expect(setting.statusCode, setting.body).toBe(200);
    const made = await t.call('POST', `${PUSH}/submit`, office, {
      title: '撤回后的推送', channels: '1,3,4', subject: '校友活动', content: '${name}校友您好', targetScope: '5',
      targetValue: JSON.stringify({ alumniIds: [String(me.id)] }), sendType: '1', pushStatus: 1,
    });
    expect(made.statusCode, made.body).toBe(200);
    const pushId = String(made.json().data.id);
    const until = Date.now() + 60_000;
    let records: Json[] = [];
    while (Date.now() < until) {
      records = (await t.call('GET', `${PUSH}/record/list?pushId=${pushId}&size=10`, office)).json().data?.records ?? [];
      if (records.length === 3) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(records.map((r) => String(r.channel)).sort()).toEqual(['1', '3', '4']);
    for (const r of records) expect(r).toMatchObject({ status: 4, failReason: expect.stringMatching(/同意|授权|consent/i) });
  });
});
