import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

describe.each(testDialects())('notice bodies through the API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const submit = (content: unknown, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/api/blade-desk/notice/submit', admin, { title: '富文本', category: '1', releaseTime: '2026-09-01 08:30:00', content, ...extra });

  it('stores the rich text without its script', async () => {
    const res = await submit('<h2>返校</h2><p><strong>九月一日</strong><u>报到</u></p><script>alert(1)</script><a href="data:text/html,x">x</a>');
    expect(res.statusCode, res.body).toBe(200);
    const { content } = res.json().data as { content: string };
    expect(content).toContain('<h2>返校</h2><p><strong>九月一日</strong><u>报到</u></p>');
    expect(content).not.toMatch(/script|alert|data:/);
  });

  it('accepts an empty or missing body as BladeX does, and reads it back empty', async () => {
    for (const extra of [{ content: '' }, {}, { content: '<script>alert(1)</script>' }]) {
      const res = await t.call('POST', '/api/blade-desk/notice/submit', admin, { title: '无正文', category: '1', releaseTime: '2026-09-01 08:30:00', ...extra });
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json().data as { id: string }).id;
      const detail = await t.call('GET', `/api/blade-desk/notice/detail?id=${id}`, admin);
      expect(detail.statusCode, detail.body).toBe(200);
      const row = detail.json().data as { title: string; content: string | null };
      expect(row.title).toBe('无正文');
      expect(row.content ?? '').toBe('');
    }
  });

  it('still refuses a notice without its title, with the field message', async () => {
    const res = await submit('', { title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入通知标题');
    const en = await t.call('POST', '/api/blade-desk/notice/submit', admin, { category: '1', releaseTime: '2026-09-01 08:30:00', content: '' }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('Please enter Title');
  });
});
