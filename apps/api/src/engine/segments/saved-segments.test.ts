import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUnits } from '../../test-support/account-units.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const SEGMENT = '/api/blade-segment/segment';
const ALUMNI = '/api/blade-basicInfo/basicInfo';
const SMS_PUSH = '/api/smsPush/smsPush';
const SMS_TARGET = '/api/smsPushTarget/smsPushTarget';
const NOTICE_PUSH = '/api/blade-noticePush/noticePush';
const REPORT = '/api/blade-report/report/rest';

describe.each(testDialects())('saved segments on %s', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;
  let otherTenant: string;
  const mark = `分群${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  let serial = 0;
  /** A department (and a speciality of it) of the college's unit, and one outside it: a study record puts its alumnus in the department's unit. */
  const study = { inside: { departmentId: '', specialityId: '', educationLevel: '' }, outside: { departmentId: '', specialityId: '', educationLevel: '' } };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    college = await t.signIn('college');
    otherTenant = await t.signIn('admin', undefined, '100001');
    const db = t.app.services.database.db;
    const { units } = await accountUnits(db, '000000', 'college');
    const pairs = await db.selectFrom('alumni_speciality as s').innerJoin('alumni_department as d', 'd.id', 's.department_id')
      .select(['d.id as departmentId', 's.id as specialityId', 's.education_level as level', 'd.org_dept_id as unit']).where('d.tenant_id', '=', '000000')
      .where('d.is_deleted', '=', 0).where('s.is_deleted', '=', 0).where('d.examine_status', '=', 1).where('s.examine_status', '=', 1).execute();
    const pick = (inside: boolean) => {
      const found = pairs.find((p) => units.has(String(p.unit)) === inside);
      if (!found) throw new Error(`no department ${inside ? 'inside' : 'outside'} the college's unit`);
      return { departmentId: String(found.departmentId), specialityId: String(found.specialityId), educationLevel: String(found.level ?? '2') };
    };
    study.inside = pick(true);
    study.outside = pick(false);
  }, 180_000);
  afterAll(async () => t?.close());

  const data = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Json> => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, `${token === college ? 'college' : 'office'} ${method} ${url}: ${res.body}`).toBe(200);
    return res.json().data as Json;
  };
  const phoneOf = (n: number) => `137${String(10_000_000 + (Date.now() % 1_000_000) * 10 + n).slice(-8)}`;
  /** An alumnus named with this run's mark, studying inside the college's unit or outside it. */
  const addAlumnus = async (token: string, values: Json, where: 'inside' | 'outside' = 'outside') => {
    serial += 1;
    return data(token, 'POST', `${ALUMNI}/submit`, {
      name: `${mark}${serial}`, gender: '1', idType: '2', idCardNo: `SG${mark.slice(2)}${serial}`, status: 1, phone: phoneOf(serial),
      allowSms: 1, allowEmail: 1, allowWechat: 1,
      studentStatuses: [{ ...study[where], enrollmentYear: 2011 }], ...values,
    });
  };
  const ids = (records: Json[]) => records.map((r) => String(r.id)).sort();
  const listIds = async (token: string, query: string) => ids((await data(token, 'GET', `${ALUMNI}/list?${query}&size=1000`)).records);
  const members = async (token: string, id: string) => ids((await data(token, 'GET', `${SEGMENT}/members?id=${id}&size=1000`)).records);
  const count = async (token: string, id: string) => Number((await data(token, 'GET', `${SEGMENT}/count?id=${id}`)).memberCount);

  let segmentId = '';
  let reachable: string[] = [];
  let withoutConsent = '';
  const query = () => ({ name: mark, gender: '1', current: 3, size: 50, descs: 'createTime' });
  const search = () => `name=${encodeURIComponent(mark)}&gender=1`;

  it('saves a search of the library as a segment whose members and count are that search\'s rows', async () => {
    const theirs = [await addAlumnus(office, {}, 'inside'), await addAlumnus(office, { allowSms: 0 }, 'inside')];
    const ours = [await addAlumnus(office, {}), await addAlumnus(office, {}), await addAlumnus(office, { allowSms: 0 })];
    await addAlumnus(office, { gender: '2' }); // another search's row
    withoutConsent = String(ours[2]?.id);
    reachable = ids([theirs[0], ours[0], ours[1]] as Json[]);
    const saved = await data(office, 'POST', `${SEGMENT}/submit`, { entity: 'basicInfo', name: `男校友${mark}`, query: query() });
    segmentId = String(saved.id);
    // Paging and order are no part of a segment.
    expect(saved).toMatchObject({ entity: 'basicInfo', name: `男校友${mark}`, query: { name: mark, gender: '1' }, shared: false, mine: true, ownerName: '王晓梅' });
    const rows = await listIds(office, search());
    expect(rows).toHaveLength(5);
    expect(await members(office, segmentId)).toEqual(rows);
    expect(await count(office, segmentId)).toBe(5);
    expect((await data(office, 'GET', `${SEGMENT}/detail?id=${segmentId}`)).memberCount).toBe(5);
    // The count is live: a new row of the search is a member at once.
    await addAlumnus(office, {});
    expect(await count(office, segmentId)).toBe(6);
    expect(await members(office, segmentId)).toEqual(await listIds(office, search()));
    const listed = await data(office, 'GET', `${SEGMENT}/list?entity=basicInfo&name=${encodeURIComponent(mark)}`);
    expect(listed.records.map((r: Json) => r.id)).toEqual([segmentId]);
  });

  it('keeps a private segment from the rest of the tenant, and every segment from another tenant', async () => {
    expect((await t.call('GET', `${SEGMENT}/count?id=${segmentId}`, college)).statusCode).toBe(404);
    expect((await data(college, 'GET', `${SEGMENT}/list?name=${encodeURIComponent(mark)}`)).total).toBe(0);
    expect((await t.call('GET', `${SEGMENT}/members?id=${segmentId}`, otherTenant)).statusCode).toBe(404);
  });

  it('answers a shared segment for whoever uses it, in their own data scope: the members are their own search\'s rows', async () => {
    await data(office, 'POST', `${SEGMENT}/submit`, { id: segmentId, shared: true });
    const theirRows = await listIds(college, search());
    const ourRows = await listIds(office, search());
    // The college reads only its own unit's alumni: fewer rows than the office, all among the office's.
    expect(theirRows).toHaveLength(2);
    expect(ourRows.length).toBeGreaterThan(theirRows.length);
    expect(theirRows.every((id) => ourRows.includes(id))).toBe(true);
    expect(await members(college, segmentId)).toEqual(theirRows);
    expect(await count(college, segmentId)).toBe(2);
    expect(await members(office, segmentId)).toEqual(ourRows);
    // Shared is not theirs: they use it but neither rename nor remove it.
    const rename = await t.call('POST', `${SEGMENT}/submit`, college, { id: segmentId, name: '改名' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().msg).toBe('只有分群的创建人可以修改或删除它');
    expect((await t.call('POST', `${SEGMENT}/remove?ids=${segmentId}`, college)).statusCode).toBe(400);
    expect((await data(office, 'GET', `${SEGMENT}/detail?id=${segmentId}`)).name).toBe(`男校友${mark}`);
  });

  it('is the population of a report: a grouped and a listing report count its members as the viewer reads them, in the sheet too', async () => {
    const ourRows = await listIds(office, search());
    const theirRows = await listIds(college, search());
    // A report over the whole library, narrowed by the segment alone (the filters are its own).
    const grouped = { source: 'basicInfo', segmentId, groupBy: [{ field: 'gender' }], measures: [{ fn: 'count' }] };
    const listing = { source: 'basicInfo', segmentId, columns: ['name', 'gender'] };
    const save = async (name: string, content: Json) => String((await data(office, 'POST', `${REPORT}/submit`, { name, content: JSON.stringify(content) })).id);
    const groupedId = await save(`分群统计${mark}`, grouped);
    const listingId = await save(`分群名单${mark}`, listing);
    const preview = async (token: string, id: string) => data(token, 'GET', `${REPORT}/preview?id=${id}&size=100`);
    expect((await preview(office, groupedId)).totals).toEqual({ count: ourRows.length });
    expect((await preview(college, groupedId)).totals).toEqual({ count: theirRows.length });
    const listed = await preview(college, listingId);
    expect(listed.total).toBe(theirRows.length);
    expect(listed.rows.every((r: Json) => String(r.name).startsWith(mark))).toBe(true);
    expect((await preview(office, listingId)).total).toBe(ourRows.length);
    // The designer's draft preview and the sheet cover the same members.
    expect((await data(office, 'POST', `${REPORT}/preview`, { content: grouped })).totals).toEqual({ count: ourRows.length });
    const sheet = await t.call('GET', `${REPORT}/export-excel?id=${listingId}`, college);
    expect(sheet.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const names = (book.worksheets[0]?.getColumn(1).values ?? []).slice(2).map(String);
    expect(names.sort()).toEqual(listed.rows.map((r: Json) => String(r.name)).sort());
    // A source without segments, or a segment the viewer cannot see, is refused and nothing is run.
    const refused = await t.call('POST', `${REPORT}/preview`, office, { content: { source: 'donation', segmentId, measures: [{ fn: 'count' }], groupBy: [{ field: 'purpose' }] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('不能按分群统计');
    expect((await t.call('POST', `${REPORT}/preview`, office, { content: { ...grouped, segmentId: '1' } })).statusCode).toBe(404);
  });

  it('refuses with 400 a filter the library does not know, a bad value, a blank or long name and a name already used, saving nothing', async () => {
    const before = (await data(office, 'GET', `${SEGMENT}/list?entity=basicInfo&size=100`)).total;
    const refused = async (body: Json, message: string, lang = 'zh-CN') => {
      const res = await t.call('POST', `${SEGMENT}/submit`, office, body, { 'accept-language': lang });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(message);
    };
    await refused({ entity: 'basicInfo', name: `x${mark}`, query: { noSuchField: '1' } }, 'noSuchField');
    await refused({ entity: 'basicInfo', name: `x${mark}`, query: { firstEnrollmentYear_ge: 'abc' } }, 'firstEnrollmentYear_ge');
    await refused({ entity: 'basicInfo', name: `x${mark}`, query: '[1,2]' }, '分群的筛选条件不正确');
    await refused({ entity: 'basicInfo', name: '  ', query: {} }, 'Please give the segment a name', 'en');
    await refused({ entity: 'basicInfo', name: 'x'.repeat(65), query: {} }, '64');
    await refused({ entity: 'basicInfo', name: `男校友${mark}`, query: {} }, `已有同名分群：男校友${mark}`);
    await refused({ entity: 'donation', name: `x${mark}`, query: {} }, '该列表不支持保存分群');
    expect((await data(office, 'GET', `${SEGMENT}/list?entity=basicInfo&size=100`)).total).toBe(before);
    expect((await t.call('GET', `${SEGMENT}/count?id=123456789012345678901234567890`, office)).statusCode).toBe(404);
  });

  const smsDraft = (title: string) => ({
    title, smsCode: 'demo-sms', providerTemplateId: 'SMS_900000008', signName: '示范大学', content: '${name}校友您好', sendType: '1',
  });

  it('adds to an SMS push exactly the segment\'s members who accept SMS, in the caller\'s data scope', async () => {
    const push = await data(office, 'POST', `${SMS_PUSH}/submit`, smsDraft(`分群短信${mark}`));
    const counts = await data(office, 'POST', `${SMS_TARGET}/addFromAlumni`, { smsPushId: String(push.id), segmentId });
    const targets = await data(office, 'GET', `${SMS_TARGET}/page?smsPushId=${String(push.id)}&size=100`);
    const added = targets.records.map((r: Json) => String(r.alumniId)).sort();
    const ourMembers = await members(office, segmentId);
    const stored = await t.app.services.database.db.selectFrom('alumni_basic_info').select(['id', 'allow_sms']).where('id', 'in', ourMembers).execute();
    expect(added).toEqual(stored.filter((r) => Number(r.allow_sms) === 1).map((r) => String(r.id)).sort());
    expect(added).not.toContain(withoutConsent);
    expect(counts).toMatchObject({ added: added.length, skippedNoConsent: 2 });
    // The college's push of the same segment reaches only its own unit's consenting member.
    const theirPush = await data(college, 'POST', `${SMS_PUSH}/submit`, smsDraft(`学院分群短信${mark}`));
    const theirCounts = await data(college, 'POST', `${SMS_TARGET}/addFromAlumni`, { smsPushId: String(theirPush.id), segmentId });
    expect(theirCounts).toMatchObject({ added: 1, skippedNoConsent: 1 });
    expect(reachable).toContain(String((await data(college, 'GET', `${SMS_TARGET}/page?smsPushId=${String(theirPush.id)}`)).records[0]?.alumniId));
  });

  it('takes a segment as a notice push\'s recipients: the estimate counts its members by channel consent, and a removed segment is refused', async () => {
    const estimate = await data(office, 'GET', `${NOTICE_PUSH}/estimate?targetScope=8&targetValue=${encodeURIComponent(JSON.stringify({ segmentId }))}&channels=1,2`);
    const ourMembers = await members(office, segmentId);
    expect(estimate.total).toBe(ourMembers.length);
    expect(estimate.perChannel['1']).toBe(ourMembers.length);
    expect(estimate.perChannel['2']).toBe(ourMembers.length - 2);
    expect(estimate.skipped.noConsent).toBe(2);
    const draft = await t.call('POST', `${NOTICE_PUSH}/submit`, office, {
      title: `分群推送${mark}`, channels: '1', subject: '校庆', content: '校友您好', targetScope: '8', targetValue: JSON.stringify({ segmentId }), sendType: '1',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const mine = await data(college, 'POST', `${SEGMENT}/submit`, { entity: 'basicInfo', name: `学院私有${mark}`, query: { name: mark } });
    const notVisible = await t.call('POST', `${NOTICE_PUSH}/submit`, office, {
      title: `他人分群${mark}`, channels: '1', subject: '校庆', content: '校友您好', targetScope: '8', targetValue: JSON.stringify({ segmentId: String(mine.id) }), sendType: '1',
    });
    expect(notVisible.statusCode).toBe(400);
    expect(notVisible.json().msg).toContain('分群不存在或无权使用');
    expect((await t.call('POST', `${SEGMENT}/remove?ids=${String(mine.id)}`, college)).statusCode).toBe(200);
    expect((await t.call('GET', `${SEGMENT}/count?id=${String(mine.id)}`, college)).statusCode).toBe(404);
  });
});
