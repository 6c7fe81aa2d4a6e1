import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

const INDEX = '<!doctype html><html><head>\n    <meta charset="UTF-8" />\n    <meta name="token-header" content="Blade-Auth" /></head><body><div id="root"></div></body></html>';

/**
 * Issue 29, item 8: no other site frames the app, and no answer of the API carrying personal data
 * is kept by a browser or proxy cache.
 */
describe.each(testDialects())('response headers on %s', (dialect) => {
  let t: TestApp;
  let webDir: string;
  let admin: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'alumni-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDir, 'app.js'), 'console.log(1);');
    t = await startTestApp(dialect, { WEB_DIR: webDir });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('lets no other site show the pages in a frame', async () => {
    for (const url of ['/', '/login', '/alumni/basicinfo', '/app.js', '/api/blade-basicInfo/basicInfo/list']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('answers personal data with Cache-Control: no-store, refusals too', async () => {
    const urls = [
      '/api/blade-basicInfo/basicInfo/list', '/api/blade-registInfo/registInfo/manage/list', '/api/blade-student/student/list',
      '/api/blade-user/page', '/api/blade-user/info', '/api/blade-basicInfo/basicInfo/select?keyword=a',
    ];
    for (const url of urls) {
      const res = await t.call('GET', url, admin);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const [first] = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=1', admin)).json().data.records as { id: string }[];
    const detail = await t.call('GET', `/api/blade-basicInfo/basicInfo/detail?id=${first?.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    const refused = await t.call('GET', '/api/blade-basicInfo/basicInfo/list', null);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching a route chose for itself (the web app\'s assets)', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(asset.headers['cache-control']).toContain('max-age=3600');
  });
});
