import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLoginCaptcha } from '../app.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

const INDEX = '<!doctype html><html><head>\n    <meta charset="UTF-8" />\n    <meta name="token-header" content="Blade-Auth" /></head><body><div id="root"></div></body></html>';
const EMBEDDED = /<script type="application\/json" id="login-captcha">(.*?)<\/script>/;

/** The sign-in page arrives with a captcha in it, so the page shows it with its first paint. */
describe('the sign-in page with its captcha', () => {
  let webDir: string;
  const apps: TestApp[] = [];
  beforeAll(() => {
    webDir = mkdtempSync(path.join(tmpdir(), 'alumni-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    rmSync(webDir, { recursive: true, force: true });
  });
  const start = async (overrides: Record<string, string> = {}) => {
    const t = await startTestApp('sqlite', { WEB_DIR: webDir, ...overrides });
    apps.push(t);
    return t;
  };

  it('puts a live captcha after the charset meta of /login, never kept by a cache; other pages have none', async () => {
    const t = await start();
    for (const url of ['/login', '/login?redirect=%2Fsystem%2Fuser']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-store');
      expect(page.body, url).toMatch(/<meta charset="UTF-8" \/>\n\s*<script type="application\/json" id="login-captcha">/);
      const { key, image } = JSON.parse(EMBEDDED.exec(page.body)?.[1] ?? 'null') as { key: string; image: string };
      expect(image).toMatch(/^data:image\/[a-z+]+;base64,/);
      expect(await t.app.services.captcha.peek(key), 'the captcha is stored, ready for the sign-in').toMatch(/^\w{4}$/);
    }
    for (const url of ['/', '/system/user', '/login/elsewhere']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).not.toContain('login-captcha');
    }
  });

  it('counts against the captcha call\'s limit per address, and leaves the captcha out once refused', async () => {
    // The captcha limit is twice the sign-in limit per minute: two captchas a minute here.
    const t = await start({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '1' });
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/login', remoteAddress });
    expect((await from('10.0.0.1')).body).toMatch(EMBEDDED);
    expect((await from('10.0.0.1')).body).toMatch(EMBEDDED);
    const refused = await from('10.0.0.1');
    expect(refused.statusCode).toBe(200);
    expect(refused.body).not.toContain('login-captcha');
    const call = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: '10.0.0.1' });
    expect(call.statusCode, 'the page used up the address\'s captchas').toBe(429);
    expect((await from('10.0.0.2')).body, 'another address has its own').toMatch(EMBEDDED);
  });

  it('escapes what could end the script element early', () => {
    const page = withLoginCaptcha(INDEX, '{"key":"k","image":"</script><script>alert(1)</script>"}');
    expect(page).not.toContain('</script><script>alert(1)');
    expect(JSON.parse(EMBEDDED.exec(page)?.[1] ?? 'null')).toEqual({ key: 'k', image: '</script><script>alert(1)</script>' });
  });
});
