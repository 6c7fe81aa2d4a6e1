import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

describe('compressed answers', () => {
  let t: TestApp;
  let admin: string;
  const webDir = mkdtempSync(path.join(tmpdir(), 'alumni-web-'));
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(webDir, 'assets', 'app.js'), script);
    writeFileSync(path.join(webDir, 'assets', 'app.js.br'), brotliCompressSync(script));
    t = await startTestApp('sqlite', { WEB_DIR: webDir });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const menus = (encoding?: string) => t.call('GET', '/api/blade-system/menu/list?size=100', admin, undefined, encoding ? { 'accept-encoding': encoding } : {});

  it('sends a large JSON answer as brotli or gzip, as the client accepts', async () => {
    const plain = await menus();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await menus('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await menus('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.call('GET', '/api/blade-system/param/list?paramKey_equal=nothing-such', admin, undefined, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('serves the web app file compressed at build time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });
});
