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

  it('refuses an empty body, and one that was nothing but a script, with the field message', async () => {
    for (const content of ['', '<script>alert(1)</script>']) {
      const res = await submit(content);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请输入通知内容');
    }
    const en = await t.call('POST', '/api/blade-desk/notice/submit', admin, { title: 'x', category: '1', releaseTime: '2026-09-01 08:30:00', content: '<script></script>' }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Please enter Content');
  });
});
