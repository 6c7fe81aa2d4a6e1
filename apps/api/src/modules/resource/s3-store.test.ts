import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OSS_CATEGORY, type PutFileResult } from '@alumni/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';

const BUCKET = 'alumni-files';

/** Every object key s3rver holds in the bucket (its file store keeps one folder per bucket). */
function storedKeys(dir: string): string[] {
  const root = path.join(dir, BUCKET);
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (d: string) => readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : out.push(path.relative(root, path.join(d, e.name)))));
  walk(root);
  return out;
}

describe.each(testDialects())('put-file through an S3-compatible server (s3rver) on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let s3: S3rver;
  let s3Dir: string;
  let ossId: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'alumni-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    t = await startTestApp(dialect, LOCAL_SERVICES);
    admin = await t.signIn('admin');
    const res = await t.call('POST', '/api/blade-resource/oss/submit', admin, {
      category: OSS_CATEGORY.minio, ossCode: 'minio-test', endpoint: `http://127.0.0.1:${port}`, bucketName: BUCKET,
      accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1',
    });
    ossId = res.json().data.id;
    expect((await t.call('POST', `/api/blade-resource/oss/enable?id=${ossId}`, admin)).json().data).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('answers the secret key masked in list and detail', async () => {
    const detail = (await t.call('GET', `/api/blade-resource/oss/detail?id=${ossId}`, admin)).json().data;
    expect(detail.secretKey).toBe('******');
    const list = (await t.call('GET', '/api/blade-resource/oss/list?ossCode=minio-test', admin)).json().data.records;
    expect(list[0].secretKey).toBe('******');
  });

  it('leaves exactly one configuration of the tenant enabled', async () => {
    const rows = (await t.call('GET', '/api/blade-resource/oss/list?size=100', admin)).json().data.records as { id: string; enabled: number }[];
    expect(rows.filter((r) => r.enabled === 1).map((r) => r.id)).toEqual([ossId]);
  });

  it('stores the upload in the bucket, serves it back with a token and deletes it with the attachment', async () => {
    const content = Buffer.from('校友名单 alumni list\n');
    const { body, headers } = multipartFile('名单.txt', content, 'text/plain');
    const res = await t.call('POST', '/api/blade-resource/oss/endpoint/put-file', admin, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PutFileResult;
    expect(storedKeys(s3Dir).some((k) => k.startsWith(data.name))).toBe(true);

    const back = await t.call('GET', data.link, admin);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(content)).toBe(true);
    expect(back.headers['content-disposition']).toContain('attachment');

    await t.call('POST', `/api/blade-resource/attach/remove?ids=${data.attachId}`, admin);
    expect(storedKeys(s3Dir).some((k) => k.startsWith(data.name))).toBe(false);
  });

  it('keeps the stored secret when an edit sends the mask back', async () => {
    const before = (await t.call('GET', `/api/blade-resource/oss/detail?id=${ossId}`, admin)).json().data;
    expect((await t.call('POST', '/api/blade-resource/oss/submit', admin, { ...before, remark: 'edited' })).statusCode).toBe(200);
    const { body, headers } = multipartFile('after-edit.txt', 'still signed', 'text/plain');
    expect((await t.call('POST', '/api/blade-resource/oss/endpoint/put-file', admin, body, headers)).statusCode).toBe(200);
  });

  // s3rver checks the access key but not the SigV4 signature itself (its code leaves that unimplemented).
  it("refuses the upload with the service's error code when the access key is unknown", async () => {
    const detail = (await t.call('GET', `/api/blade-resource/oss/detail?id=${ossId}`, admin)).json().data;
    await t.call('POST', '/api/blade-resource/oss/submit', admin, { id: ossId, accessKey: 'NOBODY' });
    try {
      const { body, headers } = multipartFile('x.txt', 'x', 'text/plain');
      const res = await t.call('POST', '/api/blade-resource/oss/endpoint/put-file', admin, body, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('文件存储失败: InvalidAccessKeyId');
    } finally {
      await t.call('POST', '/api/blade-resource/oss/submit', admin, { ...detail, accessKey: 'S3RVER' });
    }
  });
});
