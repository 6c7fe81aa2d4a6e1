import { existsSync } from 'node:fs';
import path from 'node:path';
import { FILE_TOKEN_PARAM, type PutFileResult } from '@alumni/domain';
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

  it('reads the file back with the token as a query parameter, and with the header', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    const byQuery = await t.call('GET', `${data.link}&${FILE_TOKEN_PARAM}=${encodeURIComponent(leader)}`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toBe('image/png');
    expect(byQuery.headers['x-content-type-options']).toBe('nosniff');
    expect(byQuery.rawPayload.equals(PNG)).toBe(true);
    const byHeader = await t.call('GET', data.link, leader);
    expect(byHeader.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses the download without a token (401) and with a bad one (401)', async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    expect((await t.call('GET', data.link)).statusCode).toBe(401);
    expect((await t.call('GET', `${data.link}&${FILE_TOKEN_PARAM}=not.a.token`)).statusCode).toBe(401);
  });

  it("answers 404 to another tenant asking for tenant 000000's file", async () => {
    const data = (await upload(admin)).json().data as PutFileResult;
    expect((await t.call('GET', `${data.link}&${FILE_TOKEN_PARAM}=${encodeURIComponent(foreign)}`)).statusCode).toBe(404);
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
