import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const DEPARTMENT = '/api/blade-department/department';

describe.each(testDialects())('list export on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let college: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, college] = await Promise.all([t.signIn('admin'), t.signIn('college')]);
  });
  afterAll(async () => t?.close());

  async function sheetOf(url: string, lang: string, token = admin): Promise<string[][]> {
    const res = await t.call('GET', url, token, undefined, { 'accept-language': lang });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename\*=UTF-8''.+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return rows;
  }

  it('writes the filtered list with labels and values in the caller\'s language', async () => {
    const list = (await t.call('GET', `${DEPARTMENT}/list?isHistorical=0&size=1000`, admin)).json().data;
    const zh = await sheetOf(`${DEPARTMENT}/export?isHistorical=0`, 'zh-CN');
    expect(zh[0]).toContain('院系名称');
    expect(zh).toHaveLength(list.total + 1);
    expect(zh.slice(1).map((r) => r[0]).sort()).toEqual(list.records.map((r: { departmentName: string }) => r.departmentName).sort());
    const statusColumn = zh[0]!.indexOf('状态');
    expect(new Set(zh.slice(1).map((r) => r[statusColumn]))).toEqual(new Set(['启用']));

    const en = await sheetOf(`${DEPARTMENT}/export?isHistorical=0`, 'en');
    expect(en[0]).toContain('Department name');
    expect(new Set(en.slice(1).map((r) => r[en[0]!.indexOf('Status')]))).toEqual(new Set(['Enabled']));
  });

  it('refuses a caller without the export code', async () => {
    expect((await t.call('GET', `${DEPARTMENT}/list`, college)).statusCode).toBe(200);
    expect((await t.call('GET', `${DEPARTMENT}/export`, college)).statusCode).toBe(403);
  });

  it('refuses more rows than export.maxRows with a message, before writing anything', async () => {
    const param = (await t.call('GET', '/api/blade-system/param/list?paramKey_equal=export.maxRows', admin)).json().data.records[0];
    expect(param?.paramValue).toBe('50000');
    const set = async (value: string) => expect((await t.call('POST', '/api/blade-system/param/submit', admin, { ...param, paramValue: value })).statusCode).toBe(200);
    await set('2');
    try {
      const res = await t.call('GET', `${DEPARTMENT}/export`, admin, undefined, { 'accept-language': 'zh-CN' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('导出数据超过2条，请缩小查询范围');
    } finally {
      await set('50000');
    }
  });
});
