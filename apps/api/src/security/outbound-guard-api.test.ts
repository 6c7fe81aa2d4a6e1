import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { OSS_CATEGORY, SMS_CATEGORY, attachEntity, emailSettingEntity, ossEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 29: a tenant's object storage, SMTP host, SMS endpoint or data source on the operator's
 * network is refused — when saved (400 naming the field) and when used (400, nothing sent) — and a
 * service's own words (a banner) never reach the answer. No test here sends anything beyond loopback:
 * 10.0.0.1 and 169.254.169.254 are refused before a connection is tried.
 */
describe.each(testDialects())('outbound addresses chosen by a tenant on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  /** An HTTP server inside the operator's network: it must never be asked anything. */
  let inside: http.Server;
  const insideRequests: string[] = [];
  let insidePort: number;
  /** A service that greets with a banner: refused (not allowed), and one the operator allows. */
  const bannerConnections = { refused: 0, allowed: 0 };
  let refusedBanner: net.Server;
  let allowedBanner: net.Server;
  let refusedPort: number;
  let allowedPort: number;

  const listen = async (server: net.Server): Promise<number> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const banner = (which: keyof typeof bannerConnections) => net.createServer((socket) => {
    bannerConnections[which] += 1;
    socket.end('554 SECRET-BANNER internal-mail.corp.local ready\r\n');
  });

  beforeAll(async () => {
    inside = http.createServer((req, res) => {
      insideRequests.push(`${req.method} ${req.url}`);
      res.end('INTERNAL-ANSWER');
    });
    insidePort = await listen(inside);
    refusedBanner = banner('refused');
    refusedPort = await listen(refusedBanner);
    allowedBanner = banner('allowed');
    allowedPort = await listen(allowedBanner);
    // The operator allows one service on this machine, by address and port; nothing else.
    t = await startTestApp(dialect, { OUTBOUND_ALLOW: `127.0.0.1:${allowedPort}` });
    admin = await t.signIn('admin');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    for (const server of [inside, refusedBanner, allowedBanner]) await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  const db = () => t.app.services.database.db;
  const expectNotAllowed = (res: { statusCode: number; body: string; json(): { msg: string } }) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toContain('地址不允许');
  };

  describe('object storage', () => {
    const oss = (endpoint: string, ossCode: string) => ({
      category: OSS_CATEGORY.minio, ossCode, endpoint, bucketName: 'files', accessKey: 'AK', secretKey: 'SK', region: 'us-east-1',
    });

    it.each([
      ['http://127.0.0.1:<port>', 'loopback'], ['http://localhost:9000', 'a name resolving to loopback'], ['http://10.0.0.1:9000', '10/8'],
      ['http://172.16.5.5', '172.16/12'], ['http://192.168.1.10:9000', '192.168/16'], ['http://169.254.169.254/latest', 'metadata'],
      ['http://[::1]:9000', '::1'], ['http://[::ffff:127.0.0.1]:9000', 'IPv4-mapped loopback'], ['http://0.0.0.0:9000', 'unspecified'],
    ])('refuses to save the endpoint %s (%s) with a 400 naming the field, in both languages', async (endpoint) => {
      const url = endpoint.replace('<port>', String(insidePort));
      const res = await t.call('POST', '/api/blade-resource/oss/submit', admin, oss(url, `in${Math.random().toString(36).slice(2, 8)}`));
      expectNotAllowed(res);
      expect(res.json().data.errors.endpoint).toContain('地址不允许');
      const en = await t.call('POST', '/api/blade-resource/oss/submit', admin, oss(url, 'in-en'), { 'accept-language': 'en-US' });
      expect(en.json().msg).toContain('Address not allowed');
      expect(insideRequests).toEqual([]);
    });

    it('refuses upload and download through a stored configuration on loopback: 400, and the server is never asked', async () => {
      // A configuration saved while the operator allowed the address (now no longer allowed): written as stored.
      const saved = await t.call('POST', '/api/blade-resource/oss/submit', admin, oss('http://93.184.216.34:9000', 'was-allowed'));
      expect(saved.statusCode, saved.body).toBe(200);
      const ossId = String(saved.json().data.id);
      await db().updateTable(ossEntity.table).set({ endpoint: `http://127.0.0.1:${insidePort}` }).where('id', '=', ossId).execute();

      // A file stored before, in the local folder, then moved to that configuration.
      const { body, headers } = multipartFile('名单.txt', Buffer.from('alumni'), 'text/plain');
      const before = await t.call('POST', '/api/blade-resource/oss/endpoint/put-file', admin, body, headers);
      expect(before.statusCode, before.body).toBe(200);
      const stored = before.json().data as { attachId: string; link: string };

      expect((await t.call('POST', `/api/blade-resource/oss/enable?id=${ossId}`, admin)).json().data).toBe(true);
      try {
        const upload = multipartFile('新名单.txt', Buffer.from('alumni 2'), 'text/plain');
        expectNotAllowed(await t.call('POST', '/api/blade-resource/oss/endpoint/put-file', admin, upload.body, upload.headers));
        await db().updateTable(attachEntity.table).set({ oss_id: ossId }).where('id', '=', stored.attachId).execute();
        const download = await t.call('GET', stored.link, admin);
        expectNotAllowed(download);
        expect(download.body).not.toContain('INTERNAL-ANSWER');
        expect(insideRequests).toEqual([]);
      } finally {
        await db().updateTable(ossEntity.table).set({ enabled: 0 }).where('id', '=', ossId).execute();
      }
    });
  });

  describe('e-mail', () => {
    /** A setting as stored (saved while allowed, or by an earlier version): the test call must still refuse it. */
    const storedSetting = async (smtpHost: string, smtpPort: number): Promise<string> => {
      const res = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, {
        settingName: `外部${Math.random().toString(36).slice(2, 8)}`, smtpHost: '93.184.216.34', smtpPort: 25, encryption: '0', username: 'u', password: 'p',
        senderAddress: 'alumni@example.com', senderName: '校友会', dailyLimit: 100, isDefault: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = String(res.json().data.id);
      await db().updateTable(emailSettingEntity.table).set({ smtp_host: smtpHost, smtp_port: smtpPort }).where('id', '=', id).execute();
      return id;
    };
    const testMail = (id: string, lang = 'zh-CN') =>
      t.call('POST', '/api/blade-emailSetting/emailSetting/test', admin, { id, to: 'a@example.com' }, { 'accept-language': lang });

    it('refuses to save an SMTP host on loopback, a private address or a name resolving to loopback', async () => {
      for (const smtpHost of ['127.0.0.1', 'localhost', '10.0.0.1', '192.168.0.25', '::1']) {
        const res = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, {
          settingName: '内网邮箱', smtpHost, smtpPort: refusedPort, encryption: '0', username: 'u', password: 'p',
          senderAddress: 'alumni@example.com', senderName: '校友会', dailyLimit: 100, isDefault: 0,
        });
        expectNotAllowed(res);
        expect(res.json().data.errors.smtpHost).toContain('地址不允许');
      }
      expect(bannerConnections.refused).toBe(0);
    });

    it('answers the test mail to 127.0.0.1:<open port> and to 10.0.0.1 with the refusal, without connecting', async () => {
      for (const [host, port] of [['127.0.0.1', refusedPort], ['10.0.0.1', 25], ['localhost', refusedPort]] as const) {
        const res = await testMail(await storedSetting(host, port));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().msg).toBe(`发送失败：地址不允许：服务器不连接本机、内网、链路本地或元数据地址（${host}），如确需使用，请平台运维在 OUTBOUND_ALLOW 中放行`);
        expect(res.body).not.toContain('SECRET-BANNER');
      }
      expect(bannerConnections.refused).toBe(0);
    });

    it('refuses the demo\'s seeded setting on localhost:2525 unless the operator allows it', async () => {
      const seeded = await db().selectFrom(emailSettingEntity.table).select('id').where('smtp_host', '=', 'localhost').where('tenant_id', '=', '000000')
        .executeTakeFirst();
      expect(seeded).toBeDefined();
      const res = await testMail(String(seeded?.id), 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('Address not allowed');
    });

    it('never echoes what an allowed server said: the answer names the problem in general words', async () => {
      const id = await storedSetting('127.0.0.1', allowedPort);
      const res = await testMail(id);
      expect(bannerConnections.allowed).toBe(1);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('发送失败：对方服务拒绝了请求（127.0.0.1，应答码 554）');
      expect(res.body).not.toContain('SECRET-BANNER');
      const en = await testMail(id, 'en');
      expect(en.json().msg).toBe('Sending failed: The service at 127.0.0.1 refused the request (reply code 554)');
      const records = (await t.call('GET', '/api/blade-resource/send-record/list?channel=mail&size=50', admin)).json().data.records as { answer: string }[];
      expect(records.length).toBeGreaterThan(0);
      expect(records.some((r) => String(r.answer).includes('SECRET-BANNER'))).toBe(false);
    });
  });

  it('refuses an SMS endpoint on the operator\'s network when saved', async () => {
    const res = await t.call('POST', '/api/blade-resource/sms/submit', admin, {
      category: SMS_CATEGORY.alibaba, smsCode: 'inside', templateId: 'T1', accessKey: 'k', secretKey: 's', endpoint: `http://127.0.0.1:${insidePort}`,
    });
    expectNotAllowed(res);
    expect(res.json().data.errors.endpoint).toContain('地址不允许');
    expectNotAllowed(await t.call('POST', '/api/blade-resource/sms/submit', admin, {
      category: SMS_CATEGORY.tencent, smsCode: 'meta', templateId: 'T1', accessKey: 'k', secretKey: 's', appId: '1', endpoint: 'http://169.254.169.254/',
    }));
    expect(insideRequests).toEqual([]);
  });

  it('refuses a data source on loopback or a private address, without connecting', async () => {
    for (const [driverClass, url] of [
      ['com.mysql.cj.jdbc.Driver', `jdbc:mysql://127.0.0.1:${refusedPort}/school`],
      ['org.postgresql.Driver', `jdbc:postgresql://localhost:${refusedPort}/school`],
      ['com.mysql.cj.jdbc.Driver', 'jdbc:mysql://10.0.0.1:3306/school'],
    ]) {
      const res = await t.call('POST', '/api/blade-develop/datasource/submit', admin, {
        name: `内网${Math.random().toString(36).slice(2, 8)}`, driverClass, url, username: 'u', password: 'p',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain('地址不允许');
      expect(res.json().data.errors.url).toContain('地址不允许');
    }
    expect(bannerConnections.refused).toBe(0);
  });
});
