import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { memoryBombWorkbooks } from '../../test-support/xlsx-bomb.js';
import { SHEET_LIMITS } from './import-sheet.js';

const STUDENT = '/api/blade-student/student';
const HEADER = ['*学号', '*姓名', '*性别', '*院系', '*专业', '*学历层次', '*入学年份'];
const MB = 1024 * 1024;

async function workbook(rows: (string | number)[][], fill?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  fill?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The most heap and buffer memory seen while `work` runs, above what was in use before it. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, used()) - before;
}

describe.each(testDialects())('bounded Excel imports on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  let honest: Buffer;
  let lying: Buffer;

  beforeAll(async () => {
    t = await startTestApp(dialect, { IMPORTS_PER_TENANT: '2' });
    admin = await t.signIn('admin');
    ({ honest, lying } = await memoryBombWorkbooks(300));
  }, 240_000);
  afterAll(async () => t?.close());

  const upload = (payload: Buffer, lang = 'en', query = 'mode=skip') => {
    const { body, headers } = multipartFile('名单.xlsx', payload, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return t.call('POST', `${STUDENT}/import?${query}`, admin, body, { ...headers, 'accept-language': lang });
  };

  it('refuses a workbook whose shared strings expand to 300 MB from a small file, ten at once, without the heap growing 100 MB', async () => {
    expect(honest.length).toBeLessThan(2 * MB);
    expect(lying.length).toBeLessThan(2 * MB);
    const answers: { statusCode: number; json(): { msg: string } }[] = [];
    const growth = await peakGrowth(async () => {
      answers.push(...await Promise.all(Array.from({ length: 5 }, (_, i) => upload(i % 2 ? lying : honest))));
      // The server's slots were all given back: five more are refused for their content again, not as busy.
      answers.push(...await Promise.all(Array.from({ length: 5 }, (_, i) => upload(i % 2 ? honest : lying))));
    });
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 400 || s === 429), statuses.join(',')).toBe(true);
    expect(growth, `${Math.round(growth / MB)} MB`).toBeLessThan(100 * MB);
    const sequential = [await upload(honest), await upload(lying), await upload(honest, 'zh-CN')];
    expect(sequential.map((a) => a.statusCode)).toEqual([400, 400, 400]);
    expect(sequential[0]!.json().msg).toBe('The file expands to more than 64 MB: import it in parts');
    expect(sequential[1]!.json().msg).toBe('The file compresses far more than a workbook does and may be crafted: it was refused');
    expect(sequential[2]!.json().msg).toBe('文件解压后过大（超过 64 MB），请分批导入');
  }, 240_000);

  it('stops reading at the bounds on shared strings and columns, with a clear 400', async () => {
    const saved = { ...SHEET_LIMITS };
    SHEET_LIMITS.sharedStrings = 20;
    try {
      const many = await workbook(Array.from({ length: 10 }, (_, i) => [`S${tag}${i}`, `名${i}`, '男', '计算机科学与技术学院', '网络工程', '本科', 2020]));
      const res = await upload(many);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe('The file holds too much text (over 20 entries or 16000000 characters): import it in parts');
    } finally {
      Object.assign(SHEET_LIMITS, saved);
    }
    const wide = await workbook([[`W${tag}1`, '宽表', '男', '计算机科学与技术学院', '网络工程', '本科', 2020]], (sheet) => {
      sheet.getRow(2).getCell(SHEET_LIMITS.columns + 5).value = 'far right';
    });
    const res = await upload(wide, 'zh-CN');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(`文件超过${SHEET_LIMITS.columns}列，请使用导入模板`);
  });

  it('answers a file that is no zip as unreadable', async () => {
    const res = await upload(Buffer.from('PK\u0003\u0004 not really a zip'.repeat(20)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('The file cannot be read: upload an Excel (.xlsx) file');
  });

  it('still imports a legitimate workbook', async () => {
    const file = await workbook([[`L${tag}1`, '合法导入', '男', '计算机科学与技术学院', '网络工程', '本科', 2020]]);
    const res = await upload(file, 'zh-CN', 'mode=skip&preview=0');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, created: 1, failed: 0 });
  });

  it('runs at most IMPORTS_PER_TENANT imports of a tenant at once; the next is a 429 until one ends', async () => {
    const { store } = t.app.services;
    const caller = (await t.call('GET', '/api/blade-auth/user-info', admin)).json().data as { tenantId: string };
    const slots = [0, 1].map((i) => `import:running:${caller.tenantId}:${i}`);
    // Two imports of the tenant hold both slots (as they would in any process sharing the store).
    for (const slot of slots) expect(await store.increment(slot, 60)).toBe(1);
    try {
      const file = await workbook([[`C${tag}1`, '并发', '男', '计算机科学与技术学院', '网络工程', '本科', 2020]]);
      const busy = await upload(file);
      expect(busy.statusCode, busy.body).toBe(429);
      expect(busy.json().msg).toBe('An import is already running: try again shortly');
      const zh = await upload(file, 'zh-CN');
      expect(zh.json().msg).toBe('已有导入正在进行，请稍后再试');
      const commit = await t.call('POST', `${STUDENT}/import?importId=00000000-0000-0000-0000-000000000000`, admin);
      expect(commit.statusCode).toBe(429);
      await store.delete(slots[1]!);
      const ok = await upload(file);
      expect(ok.statusCode, ok.body).toBe(200);
      // The import gave its slot back: the store holds only the slot still taken.
      expect(await store.get(slots[1]!)).toBeNull();
      expect(await store.get(slots[0]!)).not.toBeNull();
    } finally {
      await store.delete(...slots);
    }
  });
});
