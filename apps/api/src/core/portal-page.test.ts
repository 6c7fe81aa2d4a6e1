import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

const INDEX = '<!doctype html><html><head><meta charset="UTF-8" /><meta name="token-header" content="Blade-Auth" /></head><body><div id="root"></div></body></html>';
const PORTAL = '<!doctype html><html><head><meta charset="UTF-8" /><title>校友门户</title></head><body><div id="portal-root"></div></body></html>';

/** The alumni portal is its own page: /portal and every address below it answer portal.html, never the staff application. */
describe('the alumni portal page', () => {
  let t: TestApp;
  const webDir = mkdtempSync(path.join(tmpdir(), 'alumni-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDir, 'portal.html'), PORTAL);
    t = await startTestApp('sqlite', { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers /portal and its screens (a push link with its query included) with the portal page, checked again before use', async () => {
    for (const url of ['/portal', '/portal/', '/portal/login?tenant=000000', '/portal/notice/1900000000000000001', '/portal/me#consent']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('id="portal-root"');
    }
  });

  it('leaves the staff application its own addresses, a look-alike path and the file itself included', async () => {
    for (const url of ['/', '/login', '/portals', '/portal-x/1', '/portal.html', '/system/portal']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('id="root"');
      expect(page.body, url).not.toContain('portal-root');
    }
  });

  it('keeps the API answering its own 404 under /api, whatever the path holds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/nothing-such' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });
});
