import { readdirSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { PutFileResult } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/ids.js';
import { now } from '../core/time.js';
import { multipartFile } from '../test-support/multipart.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

const PUT_FILE = '/api/blade-resource/oss/endpoint/put-file';
/** The size limit of uploads in this file: 64 KB. */
const UPLOAD_MAX = 64 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(testDialects())('files on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let foreign: string;
  /** A file of tenant 100001, which the administrator of tenant 000000 tries to reach. */
  let stored: PutFileResult;

  beforeAll(async () => {
    t = await startTestApp(dialect, { UPLOAD_STALL_SECONDS: '1', UPLOAD_MAX_BYTES: String(UPLOAD_MAX) });
    [admin, foreign] = await Promise.all([t.signIn('admin'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
    const { body, headers } = multipartFile('secret.png', PNG, 'image/png');
    stored = (await t.call('POST', PUT_FILE, foreign, body, headers)).json().data;
  });
  afterAll(async () => t?.close());

  const tmpFiles = () => {
    try {
      return readdirSync(path.join(t.config.dataDir, 'tmp'));
    } catch {
      return [];
    }
  };
  /** Open file handles of this process on upload temporary files (Linux). */
  const openPartFiles = () => readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  }).filter((target) => target.endsWith('.part') || target.includes('.part '));
  const getFile = (key: string, token: string) => t.call('GET', `/api/blade-resource/oss/endpoint/get-file?name=${encodeURIComponent(key)}`, token);

  describe('tenant isolation', () => {
    it("refuses an attachment row naming another tenant's object", async () => {
      const res = await t.call('POST', '/api/blade-resource/attach/submit', admin, {
        link: stored.link, domainUrl: '/api', name: stored.name, originalName: 'x.png', extension: 'png', attachSize: 1,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors.name).toBe('文件名必须是本租户存储的对象');
      expect((await getFile(stored.name, admin)).statusCode).toBe(404);
    });

    it("never serves another tenant's key, whatever rows exist", async () => {
      // A row that names the other tenant's object, written around every check.
      const stamp = now();
      await t.app.services.database.db.insertInto('blade_attach').values({
        id: ids.next(), tenant_id: '000000', link: stored.link, domain_url: '/api', name: stored.name, original_name: 'x.png', extension: 'png', attach_size: 1,
        create_time: stamp, update_time: stamp, status: 1, is_deleted: 0,
      }).execute();
      expect((await getFile(stored.name, admin)).statusCode).toBe(404);
      expect((await getFile(stored.name, foreign)).statusCode).toBe(200);
    });
  });

  describe('malformed uploads', () => {
    it('answers a body without its closing boundary with 400 and leaves no temporary file', async () => {
      const { body, headers } = multipartFile('cut.png', PNG, 'image/png');
      const cut = body.subarray(0, body.length - 20);
      const res = await t.call('POST', PUT_FILE, admin, cut, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/不完整|格式不正确/);
      expect(tmpFiles()).toEqual([]);
      expect(openPartFiles()).toEqual([]);
    });

    it('answers a part without a file name with 400', async () => {
      const boundary = 'xyzBoundary';
      // The content type makes the form parser take the part for a file, though it has no name.
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n--${boundary}--\r\n`;
      const res = await t.call('POST', PUT_FILE, admin, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请选择要上传的文件');
    });

    it('answers multipart without a boundary with 400', async () => {
      const res = await t.call('POST', PUT_FILE, admin, 'hello', { 'content-type': 'multipart/form-data' });
      expect(res.statusCode).toBe(400);
    });

    it('answers an upload that stalls on the wire with 400 within the stall time, closing its file', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const { body, headers } = multipartFile('slow.png', Buffer.alloc(2048, 1), 'image/png');
      // Answered before the socket gives up after 10 s, or the test fails on an empty answer.
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(`POST ${PUT_FILE} HTTP/1.1\r\nHost: 127.0.0.1\r\nBlade-Auth: bearer ${admin}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`);
          socket.write(body.subarray(0, 600)); // then nothing more
        });
        let text = '';
        socket.on('data', (chunk) => { text += chunk.toString(); });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        setTimeout(() => { socket.destroy(); resolve(text); }, 10_000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(tmpFiles()).toEqual([]);
      expect(openPartFiles()).toEqual([]);
    });

    /** Sends an upload over a real connection and answers what came back: the status and body, or the client's error. */
    async function sendOverTheWire(body: Buffer, headers: Record<string, string>): Promise<{ status?: number; body?: string; error?: string }> {
      const listening = t.app.server.listening ? null : await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = listening ? Number(new URL(listening).port) : (t.app.server.address() as { port: number }).port;
      return new Promise((resolve) => {
        const req = request({
          host: '127.0.0.1', port, method: 'POST', path: PUT_FILE,
          headers: { ...headers, 'content-length': String(body.length), 'blade-auth': `bearer ${admin}`, 'accept-language': 'en' },
        }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => { text += chunk.toString(); });
          res.on('end', () => resolve({ status: res.statusCode, body: text }));
          res.on('error', (err) => resolve({ error: err.message }));
        });
        req.on('error', (err) => resolve({ error: `${(err as { code?: string }).code ?? ''} ${err.message}` }));
        // Written in pieces, as a browser sends a large file, not at once.
        const piece = 64 * 1024;
        let at = 0;
        const next = () => {
          while (at < body.length) {
            const chunk = body.subarray(at, at + piece);
            at += piece;
            if (!req.write(chunk)) return void req.once('drain', next);
          }
          req.end();
        };
        next();
      });
    }

    it('answers a file over UPLOAD_MAX_BYTES with 400 and its message, not a reset connection', async () => {
      const { body, headers } = multipartFile('big.png', Buffer.alloc(4 * 1024 * 1024, 7), 'image/png');
      const answer = await sendOverTheWire(body, headers);
      expect(answer.error, JSON.stringify(answer)).toBeUndefined();
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body ?? '{}')).toMatchObject({ success: false, msg: 'The file cannot be larger than 64KB' });
      expect(tmpFiles()).toEqual([]);
    });

    it('answers a refused file type with 400 and its message, not a reset connection', async () => {
      const { body, headers } = multipartFile('tool.exe', Buffer.alloc(4 * 1024 * 1024, 7));
      const answer = await sendOverTheWire(body, headers);
      expect(answer.error, JSON.stringify(answer)).toBeUndefined();
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body ?? '{}')).toMatchObject({ success: false, msg: 'File type not allowed: exe' });
    });
  });
});
