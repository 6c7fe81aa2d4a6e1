import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PdfDocument } from '../../engine/pdf/pdf-renderer.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// Every document handed to the PDF renderer, to read what a printed report says (its glyphs are not text in the file).
const rendered = vi.hoisted(() => [] as unknown[]);
vi.mock('../../engine/pdf/pdf-renderer.js', async (load) => {
  const real = await load<typeof import('../../engine/pdf/pdf-renderer.js')>();
  return { ...real, renderPdf: async (doc: PdfDocument) => { rendered.push(doc); return real.renderPdf(doc); } };
});

const BASE = '/api/blade-report/report/rest';
type Json = Record<string, unknown>;
type Row = Record<string, string | number | null>;
interface Preview { name: string | null; mode: string; columns: { key: string; label: string }[]; rows: Row[]; totals: Record<string, number> | null; total: number }

/** A definition with the parts a test does not care about filled in. */
const definition = (parts: Json): Json => ({ version: 1, filters: {}, groupBy: [], measures: [], chart: 'none', columns: [], ...parts });

describe.each(testDialects())('reports on %s (DOMAIN 10.1, built-in designer and viewer)', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;
  let leader: string;
  let foundation: string;
  let ids: Map<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [office, college, leader, foundation] = await Promise.all([t.signIn('office'), t.signIn('college'), t.signIn('leader'), t.signIn('foundation')]);
    const list = (await t.call('GET', `${BASE}/list?size=100`, office)).json().data as { records: Json[] };
    ids = new Map(list.records.map((r) => [String(r.name), String(r.id)]));
  });
  afterAll(async () => t?.close());

  const preview = async (id: string, token = office, extra = ''): Promise<Preview> => {
    const res = await t.call('GET', `${BASE}/preview?id=${id}${extra}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Preview;
  };
  const total = async (url: string, token = office) => (await t.call('GET', `${url}${url.includes('?') ? '&' : '?'}size=1`, token)).json().data.total as number;
  const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
  const save = async (name: string, content: Json, token = office) => t.call('POST', `${BASE}/submit`, token, { name, content: JSON.stringify(content) });

  it('lists the reports as DOMAIN 10.1 answers them: id, name and times only, paged and searched by name', async () => {
    const page = (await t.call('GET', `${BASE}/list?current=1&size=2`, office)).json().data as { records: Json[]; total: number; pages: number };
    expect(page.total).toBe(4);
    expect(page.pages).toBe(2);
    for (const record of page.records) expect(Object.keys(record).sort()).toEqual(['createTime', 'id', 'name', 'updateTime']);
    const found = (await t.call('GET', `${BASE}/list?name=${encodeURIComponent('捐赠')}`, office)).json().data as { records: Json[] };
    expect(found.records.map((r) => r.name)).toEqual(['年度捐赠统计表']);
    // The detail carries the definition the designer opens, also by name (the viewer's `_u=blade-{name}`).
    const byName = (await t.call('GET', `${BASE}/detail?name=${encodeURIComponent('年度捐赠统计表')}`, office)).json().data as Json;
    expect(JSON.parse(String(byName.content))).toMatchObject({ source: 'donation', filters: { paymentStatus_equal: '2' } });
  });

  it('previews the seeded activity report: 8 activities, 211 applications, 115 check-ins, 29 companions, ¥9,500 due', async () => {
    const report = await preview(ids.get('活动参与统计表')!);
    expect(report.mode).toBe('group');
    expect(report.rows).toHaveLength(8);
    expect(report.totals).toEqual({ count: 211, sum_signIn: 115, sum_companions: 29, sum_feeAmount: 9500 });
    expect(report.rows.find((r) => r.activityId === '北京校友会新春联谊会')).toEqual({ activityId: '北京校友会新春联谊会', count: 40, sum_signIn: 34, sum_companions: 9, sum_feeAmount: 9200 });
    // The same figures as the applications list says.
    expect(await total('/api/blade-actApplist/actApplist/page')).toBe(211);
    expect(await total('/api/blade-actApplist/actApplist/page?signIn=1')).toBe(115);
  });

  it('previews the seeded giving report: 68 received gifts worth ¥3,218,650, by year and purpose', async () => {
    const report = await preview(ids.get('年度捐赠统计表')!);
    expect(report.columns.map((c) => c.label)).toEqual(['捐赠时间（年）', '捐赠用途', '捐赠笔数', '金额（元）']);
    expect(report.totals).toEqual({ count: 68, sum_cnyAmount: 3218650 });
    expect(await total('/api/donation/page?paymentStatus=2')).toBe(68);
    expect(sum(report.rows.filter((r) => r.purpose === '科研创新'), 'sum_cnyAmount')).toBe(1008000);
    const years = new Set(report.rows.map((r) => r.donateTime));
    expect([...years].every((y) => /^\d{4}$/.test(String(y)))).toBe(true);
  });

  it('previews the seeded registrations report: 60 registrations by month, 12 waiting', async () => {
    const report = await preview(ids.get('登记月度统计表')!);
    expect(report.totals).toEqual({ count: 60 });
    expect(sum(report.rows.filter((r) => r.examineStatus === '待审核'), 'count')).toBe(12);
    expect(report.rows.every((r) => /^\d{4}-\d{2}$/.test(String(r.createTime)))).toBe(true);
    // English headings and names when the caller reads English.
    const en = (await t.call('GET', `${BASE}/preview?id=${ids.get('登记月度统计表')}`, office, undefined, { 'accept-language': 'en' })).json().data as Preview;
    expect(en.columns.map((c) => c.label)).toEqual(['Created at (month)', 'Examination', '登记数']);
    expect(en.rows.some((r) => r.examineStatus === 'Pending')).toBe(true);
  });

  it('previews the seeded alumni report: study records by college and decade, the computer college holding 95', async () => {
    const report = await preview(ids.get('校友分布统计表')!);
    expect(report.totals?.count).toBe(await total('/api/blade-studentStatus/studentStatus/list?examineStatus=1'));
    expect(sum(report.rows.filter((r) => r.departmentId === '计算机科学与技术学院'), 'count')).toBe(95);
    expect(report.rows.filter((r) => r.departmentId === '计算机科学与技术学院').map((r) => r.enrollmentYear))
      .toEqual(['1970年代', '1980年代', '1990年代', '2000年代', '2010年代', '2020年代']);
  });

  it("holds a college secretary's preview to the college's rows (data scope 本机构及子级)", async () => {
    const all = await preview(ids.get('校友分布统计表')!);
    const own = await preview(ids.get('校友分布统计表')!, college);
    expect(new Set(own.rows.map((r) => r.departmentId))).toEqual(new Set(['计算机科学与技术学院']));
    expect(own.rows).toEqual(all.rows.filter((r) => r.departmentId === '计算机科学与技术学院'));
    expect(own.totals).toEqual({ count: 95 });
    // A listing of study records shows the college's alone too.
    const made = await save('院系学籍明细（范围测试）', definition({ source: 'studentStatus', columns: ['studentNo', 'departmentId', 'enrollmentYear'] }));
    expect(made.statusCode, made.body).toBe(200);
    const listing = await preview(made.json().data.id, college, '&size=1000');
    expect(listing.total).toBe(95 + (await total('/api/blade-studentStatus/studentStatus/list?examineStatus_notequal=1', college)));
    expect(new Set(listing.rows.map((r) => r.departmentId))).toEqual(new Set(['计算机科学与技术学院']));
  });

  describe('definitions are checked before they are saved or run', () => {
    const cases: [string, Json, string, string][] = [
      ['an unknown source', definition({ source: 'user', columns: ['account'] }), '不支持的数据来源：user', 'Unsupported data source: user'],
      ['a filter the source does not declare', definition({ source: 'donation', filters: { remark_like: 'x' }, columns: ['donorName'] }), '筛选条件 remark_like 不是“捐赠”可查询的字段', 'Filter remark_like is not a searchable field of “Donation”'],
      ['a bad filter value', definition({ source: 'donation', filters: { amount_ge: 'abc' }, columns: ['donorName'] }), '查询条件 amount_ge 的值不正确', 'The value of filter amount_ge is not valid'],
      ['a group by a sensitive field', definition({ source: 'donation', groupBy: [{ field: 'phone' }], measures: [{ fn: 'count' }] }), '敏感字段“联系电话”不能用于分组', 'The sensitive field “Phone” cannot be grouped by'],
      ['a group by an unknown field', definition({ source: 'donation', groupBy: [{ field: 'nope' }], measures: [{ fn: 'count' }] }), '字段“nope”不能用于分组', 'Field “nope” cannot be grouped by'],
      ['a date grouped without a unit', definition({ source: 'donation', groupBy: [{ field: 'donateTime' }], measures: [{ fn: 'count' }] }), '日期字段“捐赠时间”须选择按年、月或日分组', 'Choose year, month or day to group the date field “Donated at”'],
      ['a sum of a dictionary field', definition({ source: 'donation', groupBy: [{ field: 'purpose' }], measures: [{ fn: 'sum', field: 'purpose' }] }), '字段“purpose”不是可求和或求平均的数值字段', 'Field “purpose” is not a number that can be summed or averaged'],
      ['groups without a measure', definition({ source: 'donation', groupBy: [{ field: 'purpose' }] }), '分组报表至少需要一个统计指标', 'A grouped report needs at least one measure'],
      ['a listing without columns', definition({ source: 'donation' }), '明细报表至少需要一个显示列', 'A listing report needs at least one column'],
      ['a chart of a listing', definition({ source: 'donation', columns: ['donorName'], chart: 'pie' }), '图表需要分组字段和统计指标', 'A chart needs a group field and a measure'],
      ['three group fields', definition({ source: 'donation', groupBy: [{ field: 'purpose' }, { field: 'currency' }, { field: 'donorType' }], measures: [{ fn: 'count' }] }), '分组字段最多2个', 'At most 2 group fields'],
      ['an unknown chart', definition({ source: 'donation', groupBy: [{ field: 'purpose' }], measures: [{ fn: 'count' }], chart: 'radar' }), '报表定义格式不正确：chart', 'The report definition is not valid: chart'],
    ];

    it.each(cases)('refuses %s with a 400 in zh and en and saves nothing', async (_what, content, zh, en) => {
      const before = await total(`${BASE}/list`);
      const res = await save(`无效报表${Math.random()}`, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: zh, data: { errors: { content: zh } } });
      const english = await t.call('POST', `${BASE}/submit`, office, { name: 'x', content: JSON.stringify(content) }, { 'accept-language': 'en' });
      expect(english.json().msg).toBe(en);
      const draft = await t.call('POST', `${BASE}/preview`, office, { content }, { 'accept-language': 'en' });
      expect(draft.statusCode).toBe(400);
      expect(draft.json().msg).toBe(en);
      expect(await total(`${BASE}/list`)).toBe(before);
    });

    it('refuses text that is not JSON', async () => {
      const res = await t.call('POST', `${BASE}/submit`, office, { name: '坏报表', content: '{not json' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('报表定义不是有效的 JSON');
    });

    it('stores a definition normalised and previews a draft only for the designer (reportlist_design)', async () => {
      const content = definition({ source: 'donation', groupBy: [{ field: 'currency' }], measures: [{ fn: 'avg', field: 'cnyAmount' }, { fn: 'count' }], chart: 'pie' });
      const made = await save('币种统计（草稿测试）', content);
      expect(made.statusCode, made.body).toBe(200);
      expect(JSON.parse(String(made.json().data.content))).toEqual({ ...content, version: 1 });
      expect((await t.call('POST', `${BASE}/preview`, college, { content })).statusCode).toBe(403);
      expect((await save('院系不能设计', content, college)).statusCode).toBe(403);
      const draft = (await t.call('POST', `${BASE}/preview`, office, { content })).json().data as Preview;
      expect(draft.columns.map((c) => c.label)).toEqual(['币种', '折合人民币平均', '数量']);
      expect(sum(draft.rows, 'count')).toBe(await total('/api/donation/page'));
    });
  });

  describe('masking of sensitive fields in the preview and both files', () => {
    let reportId: string;
    let fullPhone: string;
    let maskedPhone: string;

    beforeAll(async () => {
      const made = await save('报名联系方式（脱敏测试）', definition({
        source: 'actApplist', columns: ['name', 'phone', 'idCardNo', 'activityId'],
      }));
      expect(made.statusCode, made.body).toBe(200);
      reportId = made.json().data.id;
      const first = (await preview(reportId, foundation, '&size=1')).rows[0]!;
      fullPhone = String(first.phone);
      maskedPhone = `${fullPhone.slice(0, 3)}****${fullPhone.slice(-4)}`;
      expect(fullPhone).toMatch(/^\d{11}$/);
    });

    it('masks phones and ID numbers in the preview of a viewer without 查看敏感信息, not for one with it', async () => {
      const masked = await preview(reportId, leader, '&size=1000');
      const open = await preview(reportId, foundation, '&size=1000');
      expect(masked.total).toBe(211);
      expect(masked.rows.some((r) => r.phone === maskedPhone)).toBe(true);
      expect(masked.rows.every((r) => String(r.phone).includes('****'))).toBe(true);
      expect(masked.rows.filter((r) => r.idCardNo !== null).every((r) => String(r.idCardNo).includes('*'))).toBe(true);
      expect(open.rows.some((r) => r.phone === fullPhone)).toBe(true);
    });

    it('masks them in the Excel file read back', async () => {
      const sheetOf = async (token: string) => {
        const res = await t.call('GET', `${BASE}/export-excel?id=${reportId}`, token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toContain('spreadsheetml');
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        const cells: string[] = [];
        sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
        return { cells, rows: sheet.rowCount };
      };
      const masked = await sheetOf(leader);
      expect(masked.rows).toBe(212);
      expect(masked.cells.slice(0, 4)).toEqual(['姓名', '手机号码', '证件号码', '活动']);
      expect(masked.cells).toContain(maskedPhone);
      expect(masked.cells).not.toContain(fullPhone);
      expect((await sheetOf(foundation)).cells).toContain(fullPhone);
    });

    it('masks them in the PDF', async () => {
      const pdfText = async (token: string) => {
        rendered.length = 0;
        const res = await t.call('GET', `${BASE}/export-pdf?id=${reportId}`, token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(rendered).toHaveLength(1);
        return JSON.stringify(rendered[0]);
      };
      const masked = await pdfText(leader);
      expect(masked).toContain(maskedPhone);
      expect(masked).not.toContain(fullPhone);
      expect(await pdfText(foundation)).toContain(fullPhone);
    });

    it('writes a grouped report to Excel and PDF with its totals', async () => {
      const res = await t.call('GET', `${BASE}/export-excel?id=${ids.get('活动参与统计表')}`, leader);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('活动参与统计表');
      expect(sheet.rowCount).toBe(10);
      expect((sheet.getRow(10).values as unknown[]).slice(1)).toEqual(['合计', 211, 115, 29, 9500]);
      rendered.length = 0;
      const pdf = await t.call('GET', `${BASE}/export-pdf?id=${ids.get('活动参与统计表')}`, leader, undefined, { 'accept-language': 'en' });
      expect(pdf.statusCode).toBe(200);
      expect(JSON.stringify(rendered[0])).toContain('"Total"');
    });
  });

  it('answers the designer and viewer addresses: the built-in pages, or an external server a school names', async () => {
    const urls = async () => (await t.call('GET', `${BASE}/urls`, leader)).json().data as Json;
    expect(await urls()).toEqual({ designerUrl: '/report/designer', previewUrl: '/report/preview' });
    const db = t.app.services.database.db;
    await db.updateTable('blade_param').set({ param_value: 'http://reports.example.edu/ureport/preview' }).where('param_key', '=', 'report.previewUrl').execute();
    try {
      expect(await urls()).toEqual({ designerUrl: '/report/designer', previewUrl: 'http://reports.example.edu/ureport/preview' });
    } finally {
      await db.updateTable('blade_param').set({ param_value: '/report/preview' }).where('param_key', '=', 'report.previewUrl').execute();
    }
    const nobody = await t.signInWithoutGrants(await t.signIn('admin'));
    expect((await t.call('GET', `${BASE}/urls`, nobody)).statusCode).toBe(403);
  });

  it('removes a report only with reportlist_delete; it then no longer previews', async () => {
    const made = await save('待删除的报表', definition({ source: 'honor', groupBy: [{ field: 'honorLevel' }], measures: [{ fn: 'count' }] }));
    expect(made.statusCode, made.body).toBe(200);
    const id = String(made.json().data.id);
    expect((await t.call('POST', `${BASE}/remove?ids=${id}`, college)).statusCode).toBe(403);
    expect((await t.call('GET', `${BASE}/preview?id=${id}`, college)).statusCode).toBe(200);
    const removed = await t.call('POST', `${BASE}/remove?ids=${id}`, office);
    expect(removed.json()).toMatchObject({ code: 200, data: true });
    expect((await t.call('GET', `${BASE}/detail?id=${id}`, office)).statusCode).toBe(404);
    expect((await t.call('GET', `${BASE}/preview?id=${id}`, office)).statusCode).toBe(404);
    const names = ((await t.call('GET', `${BASE}/list?size=100`, office)).json().data.records as Json[]).map((r) => r.name);
    expect(names).not.toContain('待删除的报表');
  });
});
