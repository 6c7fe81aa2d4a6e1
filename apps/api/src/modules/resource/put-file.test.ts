import { existsSync } from 'node:fs';
import path from 'node:path';
import { RESOURCE_PATHS, downloadUrl, type FileLinksResult, type PutFileResult } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test-support/multipart.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(testDialects())('put-file with the local store on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let leader: string;
  let foreign: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { UPLOAD_MAX_BYTES: '4096', UPLOAD_EXTENSIONS: 'png,jpg,txt' });
    [admin, leader, foreign] = await Promise.all([t.signIn('admin'), t.signIn('leader'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
  });
  afterAll(async () => t?.close());

  async function upload(token: string, name = '头像 avatar.png', content: Buffer | string = PNG) {
    const { body, headers } = multipartFile(name, content, 'image/png');
    return t.call('POST', '/api/blade-resource/oss/endpoint/put-file', token, body, headers);
  }

  const fileOnDisk = (key: string) => path.join(t.config.dataDir, 'files', key);

  it('stores the file under the tenant folder with a server-chosen name and answers link, name and attachId', async () => {
    const res = await upload(leader);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PutFileResult;
    expect(data.name).toMatch(/^000000\/\d{8}\/[0-9a-f-]{36}\.png$/);
    expect(data.originalName).toBe('头像 avatar.png');
    expect(data.link).toBe(`/api/blade-resource/oss/endpoint/get-file?name=${encodeURIComponent(data.name)}`);
    expect(data.attachId).toMatch(/^\d+$/);
    expect(data.size).toBe(PNG.length);
    expect(existsSync(fileOnDisk(data.name))).toBe(true);
  });

  it('records the attachment with its link, domain, names, extension and size', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    const attach = (await t.call('GET', `/api/blade-resource/attach/detail?id=${data.attachId}`, admin)).json().data;
    expect(attach).toMatchObject({
      link: data.link, domainUrl: '/api/blade-resource/oss/endpoint/get-file', name: data.name, originalName: '头像 avatar.png', extension: 'png', attachSize: PNG.length,
    });
  });

  /** The signed address of a stored link, as `file-links` gives it to the holder of `token`. */
  async function signed(link: string, token: string): Promise<string> {
    const res = await t.call('POST', `/api${RESOURCE_PATHS.fileLinks}`, token, { links: [link, 'https://example.org/a.png'] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FileLinksResult;
    expect(data.links['https://example.org/a.png']).toBe('https://example.org/a.png');
    return data.links[link] as string;
  }

  it('reads the file back with the header, and with a signed link that carries no token', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    const byHeader = await t.call('GET', data.link, leader);
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['content-type']).toBe('image/png');
    expect(byHeader.headers['x-content-type-options']).toBe('nosniff');
    expect(byHeader.rawPayload.equals(PNG)).toBe(true);
    const link = await signed(data.link, leader);
    expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/get-file\?name=.+&expires=\d+&tenant=000000&user=\d+&signature=[\w-]+$/);
    expect(link).not.toContain(leader);
    expect(link).not.toContain('blade-auth');
    const bySignature = await t.call('GET', link);
    expect(bySignature.statusCode).toBe(200);
    expect(bySignature.rawPayload.equals(PNG)).toBe(true);
  });

  it('shows an image inline, and saves it as an attachment under its original name when the download is asked for', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    const shown = await t.call('GET', data.link, leader);
    expect(shown.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('头像 avatar.png')}`);
    const link = await signed(data.link, leader);
    const saved = await t.call('GET', downloadUrl(link));
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('头像 avatar.png')}`);
    expect(saved.rawPayload.equals(PNG)).toBe(true);
    expect((await t.call('GET', downloadUrl(data.link), leader)).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('no longer opens a file with the token in the address', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    expect((await t.call('GET', `${data.link}&blade-auth=${encodeURIComponent(leader)}`)).statusCode).toBe(401);
  });

  it('refuses a signed link once altered or expired', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    const link = await signed(data.link, leader);
    const url = new URL(link, 'http://x');
    const altered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    expect((await t.call('GET', altered('user', '1'))).statusCode).toBe(401);
    expect((await t.call('GET', altered('tenant', '100001'))).statusCode).toBe(401);
    expect((await t.call('GET', altered('expires', String(Number(url.searchParams.get('expires')) + 600)))).statusCode).toBe(401);
    expect((await t.call('GET', altered('signature', 'x'.repeat(43)))).statusCode).toBe(401);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(0);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    const past = new URL(link, 'http://x');
    past.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    expect((await t.call('GET', `${past.pathname}${past.search}`)).statusCode).toBe(401);
  });

  it('refuses the download without a token (401) and with a bad one (401)', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    expect((await t.call('GET', data.link)).statusCode).toBe(401);
    expect((await t.call('GET', data.link, 'not.a.token')).statusCode).toBe(401);
  });

  it("answers 404 to another tenant asking for tenant 000000's file, by header or by its own signed link", async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    expect((await t.call('GET', data.link, foreign)).statusCode).toBe(404);
    expect((await t.call('GET', await signed(data.link, foreign))).statusCode).toBe(404);
  });

  it('answers 404 for names that are not stored keys (no path tricks)', async () => {
    for (const name of ['../alumni.db', '000000/../../alumni.db', '000000/20240101/x.png']) {
      expect((await t.call('GET', `/api/blade-resource/oss/endpoint/get-file?name=${encodeURIComponent(name)}`, admin)).statusCode).toBe(404);
    }
  });

  it('removes the attachment and deletes the file from disk; the link then answers 404', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    expect(existsSync(fileOnDisk(data.name))).toBe(true);
    const res = await t.call('POST', `/api/blade-resource/attach/remove?ids=${data.attachId}`, admin);
    expect(res.json()).toMatchObject({ code: 200, data: true });
    expect(existsSync(fileOnDisk(data.name))).toBe(false);
    expect((await t.call('GET', data.link, admin)).statusCode).toBe(404);
  });

  it('refuses a type that is not allowed (400) and stores nothing', async () => {
    const res = await upload(admin, 'run.exe', 'MZ');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('不支持的文件类型: exe');
  });

  it('refuses a file over the size limit (400) and leaves no temporary file', async () => {
    const res = await upload(admin, 'big.png', Buffer.alloc(5000, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('文件大小不能超过4KB');
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses put-file without a token (401)', async () => {
    const { body, headers } = multipartFile('a.png', PNG);
    expect((await t.call('POST', '/api/blade-resource/oss/endpoint/put-file', null, body, headers)).statusCode).toBe(401);
  });
});
