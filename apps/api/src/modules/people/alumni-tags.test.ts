import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFormerTags, FORMER_TAGS_GROUP } from '../../db/migrations/068-alumni-tags.js';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const ALUMNI = '/api/blade-basicInfo/basicInfo';
const GROUP = '/api/blade-alumniTag/tagGroup';
const TAG = '/api/blade-alumniTag/tag';
const HEADER = ['*姓名', '*性别', '手机号码', '*院系', '*专业', '*学历层次', '*入学年份', '标签'];
const CS = '计算机科学与技术学院';

describe.each(testDialects())('alumni tags on %s', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;
  let otherTenant: string;
  const mark = Date.now() % 100000;
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    college = await t.signIn('college');
    otherTenant = await t.signIn('admin', undefined, '100001');
  });
  afterAll(async () => t?.close());

  const post = async (token: string, url: string, body: unknown, lang = 'zh-CN') =>
    t.call('POST', url, token, body, { 'accept-language': lang });
  const saved = async (url: string, body: unknown) => {
    const res = await post(office, `${url}/submit`, body);
    expect(res.statusCode, res.body).toBe(200);
    return String((res.json().data as Json).id);
  };
  const tagsOf = async (id: string): Promise<string | null> =>
    ((await db().selectFrom('alumni_basic_info').select('tags').where('id', '=', id).executeTakeFirst())?.tags as string | null) ?? null;
  const someAlumni = async (token: string, n: number): Promise<string[]> =>
    ((await t.call('GET', `${ALUMNI}/list?size=${n}`, token)).json().data.records as Json[]).map((r) => String(r.id));
  const listIds = async (query: string): Promise<string[]> =>
    ((await t.call('GET', `${ALUMNI}/list?${query}&size=100`, office)).json().data.records as Json[]).map((r) => String(r.id)).sort();

  let groupId = '';
  let tagA = '';
  let tagB = '';
  let tagC = '';
  const nameA = `捐赠人${mark}`;
  const nameB = `志愿者${mark}`;
  const nameC = `校董${mark}`;

  it('keeps a taxonomy of groups and coloured tags: a name once per group, a colour as #RRGGBB, a group with tags kept', async () => {
    groupId = await saved(GROUP, { groupName: `关系${mark}`, sort: 1 });
    const otherGroup = await saved(GROUP, { groupName: `行业${mark}`, sort: 2 });
    tagA = await saved(TAG, { groupId, tagName: nameA, color: '#fa541c' });
    tagB = await saved(TAG, { groupId, tagName: nameB, color: '#13c2c2' });
    // The same name in another group is another tag.
    await saved(TAG, { groupId: otherGroup, tagName: nameA, color: '#1677ff' });
    tagC = await saved(TAG, { groupId: otherGroup, tagName: nameC, color: '#722ed1' });

    for (const [lang, message] of [['zh-CN', '该分组下已存在同名标签'], ['en', 'This group already has a tag of this name']] as const) {
      const twice = await post(office, `${TAG}/submit`, { groupId, tagName: nameA, color: '#000000' }, lang);
      expect(twice.statusCode, twice.body).toBe(400);
      expect(twice.json().msg).toContain(message);
    }
    const badColour = await post(office, `${TAG}/submit`, { groupId, tagName: `红${mark}`, color: 'red' }, 'en');
    expect(badColour.statusCode).toBe(400);
    expect(badColour.body).toContain('#RRGGBB');
    const groupInUse = await t.call('POST', `${GROUP}/remove?ids=${groupId}`, office, undefined, { 'accept-language': 'en' });
    expect(groupInUse.statusCode).toBe(400);
    expect(groupInUse.json().msg).toBe('The group still holds tags and cannot be removed');
    const count = await db().selectFrom('alumni_tag').select(db().fn.countAll().as('n')).where('tag_name', '=', nameA).where('is_deleted', '=', 0).executeTakeFirst();
    expect(Number(count?.n)).toBe(2);

    const picker = (await t.call('GET', `${TAG}/select`, office)).json().data as Json[];
    expect(picker.find((p) => p.id === tagA)).toMatchObject({ tagName: nameA, color: '#fa541c', groupId, groupName: `关系${mark}` });
    // Another tenant sees none of them.
    const theirs = (await t.call('GET', `${TAG}/select`, otherTenant)).json().data as Json[];
    expect(theirs.map((p) => p.id)).not.toContain(tagA);
  });

  it('tags a selection in bulk and takes tags off it: idempotent, other tenants\' rows and rows outside the data scope untouched and counted', async () => {
    const [a, b, c] = await someAlumni(office, 3) as [string, string, string];
    const [theirs] = await someAlumni(otherTenant, 1) as [string];
    const theirsBefore = await tagsOf(theirs);

    const add = async (token: string, ids: string[], values: string[]) => post(token, `${ALUMNI}/tags/add`, { ids: ids.join(','), values: values.join(',') });
    const first = await add(office, [a, b, theirs], [tagA]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ changed: 2, unchanged: 0, missing: 1 });
    const again = await add(office, [a, b, theirs], [tagA]);
    expect(again.json().data).toEqual({ changed: 0, unchanged: 2, missing: 1 });
    expect(await tagsOf(a)).toBe(tagA);
    expect(await tagsOf(theirs)).toBe(theirsBefore);

    // A tag of another tenant, or none at all, is refused and nothing changes.
    const [theirGroup] = [await post(otherTenant, `${GROUP}/submit`, { groupName: `他们${mark}` })];
    const theirTag = await post(otherTenant, `${TAG}/submit`, { groupId: String(theirGroup.json().data.id), tagName: `他们${mark}`, color: '#000000' });
    expect(theirTag.statusCode, theirTag.body).toBe(200);
    for (const values of [[String(theirTag.json().data.id)], ['999999999']]) {
      const refused = await add(office, [c], values);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toContain(values[0]);
    }
    const none = await post(office, `${ALUMNI}/tags/add`, { ids: c, values: '' }, 'en');
    expect(none.statusCode).toBe(400);
    expect((await tagsOf(c)) ?? '').not.toContain(tagA);

    const removed = await post(office, `${ALUMNI}/tags/remove`, { ids: [a, c].join(','), values: tagA });
    expect(removed.json().data).toEqual({ changed: 1, unchanged: 1, missing: 0 });
    expect(await tagsOf(a)).toBeNull();
    expect(await tagsOf(b)).toBe(tagA);

    // The college reaches its own college's alumni only.
    const own = await someAlumni(college, 1);
    const inScope = own[0] as string;
    let outside = '';
    for (const id of await someAlumni(office, 60)) {
      if ((await t.call('GET', `${ALUMNI}/detail?id=${id}`, college)).statusCode === 404) { outside = id; break; }
    }
    expect(outside).not.toBe('');
    const outsideBefore = await tagsOf(outside);
    const byCollege = await add(college, [inScope, outside], [tagB]);
    expect(byCollege.statusCode, byCollege.body).toBe(200);
    expect(byCollege.json().data).toEqual({ changed: 1, unchanged: 0, missing: 1 });
    expect((await tagsOf(inScope)) ?? '').toContain(tagB);
    expect(await tagsOf(outside)).toBe(outsideBefore);
  });

  it('finds exactly the alumni holding any of the tags asked for, names the tags in the list and exports them', async () => {
    const tagged = await db().selectFrom('alumni_basic_info').select(['id', 'tags']).where('tags', 'is not', null).where('is_deleted', '=', 0).execute();
    const holding = (tag: string) => tagged.filter((r) => String(r.tags).split(',').includes(tag)).map((r) => String(r.id)).sort();
    const holdingA = holding(tagA);
    const holdingB = holding(tagB);
    expect(holdingA).toHaveLength(1);
    expect(holdingB).toHaveLength(1);
    expect(await listIds(`tags_in=${tagA}`)).toEqual(holdingA);
    expect(await listIds(`tags_in=${tagA},${tagB}`)).toEqual([...new Set([...holdingA, ...holdingB])].sort());
    const row = ((await t.call('GET', `${ALUMNI}/list?tags_in=${tagA}`, office)).json().data.records as Json[])[0];
    expect(row?.tagsName).toBe(nameA);

    const file = await t.call('GET', `${ALUMNI}/export?tags_in=${tagA}`, office, undefined, { 'accept-language': 'zh-CN' });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map((v) => (v === undefined ? '' : String(v)));
    const column = header.indexOf('标签');
    expect(column).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(2);
    expect(String(sheet.getRow(2).getCell(column).value)).toBe(nameA);
  });

  it('imports tags named in a column (commas or 、), reporting an unknown or ambiguous name on its row and writing nothing of that row', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('校友');
    sheet.addRow(HEADER);
    const phone = (n: number) => `1372${String(mark).padStart(6, '0')}${n}`;
    const person = (n: number) => `标签${String.fromCharCode(0x4e00 + (mark % 1000) * 8 + n)}校友`;
    sheet.addRow([person(1), '男', phone(1), CS, '网络工程', '本科', 2001, `${nameC}、${nameB}`]);
    sheet.addRow([person(2), '女', phone(2), CS, '网络工程', '本科', 2002, `${nameB},无此标签${mark}`]);
    // A name two groups share is not guessed.
    sheet.addRow([person(3), '女', phone(3), CS, '网络工程', '本科', 2003, nameA]);
    const { body, headers } = multipartFile('校友.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const preview = await t.call('POST', `${ALUMNI}/import?mode=skip`, office, body, { ...headers, 'accept-language': 'zh-CN' });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().data as Json;
    expect(result, JSON.stringify(result.errors)).toMatchObject({ total: 3, created: 1, failed: 2 });
    const rowErrors = (row: number) => (result.errors as Json[]).filter((e) => e.row === row).map((e) => e.message).join(' ');
    expect(rowErrors(3)).toContain(`无此标签${mark}`);
    expect(rowErrors(4)).toContain(nameA);
    const commit = await t.call('POST', `${ALUMNI}/import?importId=${result.importId}&mode=skip`, office, undefined, { 'accept-language': 'zh-CN' });
    expect(commit.statusCode, commit.body).toBe(200);

    const written = await db().selectFrom('alumni_basic_info').select(['name', 'tags']).where('name', 'in', [person(1), person(2), person(3)]).where('is_deleted', '=', 0).execute();
    expect(written).toHaveLength(1);
    expect(written[0]?.name).toBe(person(1));
    expect(String(written[0]?.tags).split(',').sort()).toEqual([tagB, tagC].sort());
  });
  it('files the free-text tags a database held before the taxonomy as tags of 原有标签, and the records hold their ids', async () => {
    const [one, two] = await someAlumni(office, 2) as [string, string];
    const [theirs] = await someAlumni(otherTenant, 1) as [string];
    const word = `旧标签${mark}`;
    await db().updateTable('alumni_basic_info').set({ tags: `${word}、校友会理事${mark}` }).where('id', '=', one).execute();
    await db().updateTable('alumni_basic_info').set({ tags: word }).where('id', 'in', [two, theirs]).execute();
    await fileFormerTags(db());
    const filed = await db().selectFrom('alumni_tag as t').innerJoin('alumni_tag_group as g', 'g.id', 't.group_id')
      .select(['t.id', 't.tenant_id', 't.tag_name', 'g.group_name']).where('t.tag_name', '=', word).execute();
    expect(filed.map((f) => [f.tenant_id, f.group_name]).sort()).toEqual([['000000', FORMER_TAGS_GROUP], ['100001', FORMER_TAGS_GROUP]]);
    const ours = String(filed.find((f) => f.tenant_id === '000000')?.id);
    expect(await tagsOf(two)).toBe(ours);
    expect((await tagsOf(one))?.split(',')).toHaveLength(2);
    expect(await tagsOf(theirs)).toBe(String(filed.find((f) => f.tenant_id === '100001')?.id));
    expect(await listIds(`tags_in=${ours}`)).toEqual([one, two].sort());
  });
  it('takes a removed tag off every record holding it, and nothing else', async () => {
    const [one, two] = await someAlumni(office, 2) as [string, string];
    const keep = await saved(TAG, { groupId, tagName: `留${mark}`, color: '#52c41a' });
    const gone = await saved(TAG, { groupId, tagName: `去${mark}`, color: '#f5222d' });
    await post(office, `${ALUMNI}/tags/add`, { ids: `${one},${two}`, values: `${keep},${gone}` });
    const res = await t.call('POST', `${TAG}/remove?ids=${gone}`, office);
    expect(res.statusCode, res.body).toBe(200);
    for (const id of [one, two]) {
      const held = ((await tagsOf(id)) ?? '').split(',');
      expect(held).toContain(keep);
      expect(held).not.toContain(gone);
    }
    expect(await listIds(`tags_in=${gone}`)).toEqual([]);
  });
});
