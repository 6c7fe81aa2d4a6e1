import { createCipheriv, createDecipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApiCryptoKey } from '../app.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { decryptText, encryptText } from './body-crypto.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const ALUMNI = '/api/blade-basicInfo/basicInfo';
const KEY_16 = 'saber1234567890A';
const KEY_32 = 'Alumni0Crypto0Key0For0Tests01234';
const KNOWN_TEXT = '{"name":"校友","phone":"13800000000"}';
/**
 * Known answers, made once outside this code base:
 * `printf '%s' "$KNOWN_TEXT" | openssl enc -aes-128-cbc -K <hex of KEY_16> -iv <hex of KEY_16> -base64 -A`
 * (and `-aes-256-cbc` with the hex of KEY_32 and the hex of its first 16 characters as the IV).
 */
const KNOWN_16 = 'LgEpCtyoH/KMcK9wIzKsHlze87iY9kAUlthUw5EnDdpcPKv3/29EAT26XQbu1sZs';
const KNOWN_32 = 'KJGuHF8yPMk1ztvq1/AptzDKjR1EA7GXMFaNI7dBTMrG7QWSSZlHvwyuBuemfe2f';

/** An implementation of the wire format of its own, as a stock client computes it (crypto-js). */
function clientEncrypt(text: string, key: string): string {
  const bytes = Buffer.from(key, 'utf8');
  const cipher = createCipheriv(`aes-${bytes.length * 8}-cbc`, bytes, bytes.subarray(0, 16));
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

function clientDecrypt(base64: string, key: string): string {
  const bytes = Buffer.from(key, 'utf8');
  const decipher = createDecipheriv(`aes-${bytes.length * 8}-cbc`, bytes, bytes.subarray(0, 16));
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}

/** Seed rows of the demo organisation (seed/demo-seed.ts): a department and one of its 本科 specialities. */
const demoRow = (table: number, row: number) => `1900000000000${String(table).padStart(2, '0')}${String(row).padStart(4, '0')}`;

describe('the wire format of the encrypted-body routes (PROTOCOL 9)', () => {
  it('matches the known answers of AES-128 and AES-256, both ways', () => {
    expect(clientEncrypt(KNOWN_TEXT, KEY_16)).toBe(KNOWN_16); // the independent implementation itself
    expect(encryptText(KNOWN_TEXT, KEY_16)).toBe(KNOWN_16);
    expect(encryptText(KNOWN_TEXT, KEY_32)).toBe(KNOWN_32);
    expect(decryptText(KNOWN_16, KEY_16)).toBe(KNOWN_TEXT);
    expect(decryptText(KNOWN_32, KEY_32)).toBe(KNOWN_TEXT);
  });

  it('pads a text of whole blocks with a block of its own, and round-trips the empty text', () => {
    const sixteen = 'abcdefghijklmnop';
    expect(Buffer.from(encryptText(sixteen, KEY_16), 'base64')).toHaveLength(32);
    expect(decryptText(encryptText(sixteen, KEY_16), KEY_16)).toBe(sixteen);
    expect(decryptText(encryptText('', KEY_16), KEY_16)).toBe('');
  });

  it('refuses what is not such a text: not Base64, not whole blocks, another key', () => {
    expect(() => decryptText('not base64!', KEY_16)).toThrow();
    expect(() => decryptText('', KEY_16)).toThrow();
    expect(() => decryptText(Buffer.from('short').toString('base64'), KEY_16)).toThrow();
    expect(() => decryptText(KNOWN_16, 'another0key01234')).toThrow();
  });

  it('gives the key to the web client in the index page, after the token header', () => {
    const html = '<head>\n    <meta name="token-header" content="Blade-Auth" />\n  </head>';
    const page = withApiCryptoKey(html, KEY_16);
    expect(page).toContain(`<meta name="token-header" content="Blade-Auth" />\n    <meta name="api-crypto-key" content="${KEY_16}" />`);
    expect(withApiCryptoKey(page, KEY_32).match(/api-crypto-key/g)).toHaveLength(1);
  });
});

describe.each(testDialects())('the encrypted basic-info routes on %s (PROTOCOL 9)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const auth = () => ({ 'blade-auth': `bearer ${admin}` });
  const studentStatuses = [{ departmentId: demoRow(1, 1), specialityId: demoRow(2, 1), educationLevel: '2', enrollmentYear: 2003 }];

  beforeAll(async () => {
    t = await startTestApp(dialect, { API_CRYPTO_KEY: KEY_16 });
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  /** A raw call (no transparent decryption), with an encrypted body when `text` is given. */
  const raw = (method: 'GET' | 'POST', url: string, text?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method, url, headers: { ...auth(), ...(text === undefined ? {} : { 'content-type': 'text/plain' }), ...headers },
      ...(text === undefined ? {} : { payload: text }),
    });
  const total = async () => (await t.call('GET', `${ALUMNI}/list?size=1`, admin)).json().data.total as number;

  it('saves an alumnus sent encrypted as text/plain, and answers its list and detail encrypted', async () => {
    const body = { name: `密文${tag}`, gender: '2', idType: '2', status: 1, idCardNo: `PC${tag}`, phone: '13800000000', studentStatuses };
    const saved = await raw('POST', `${ALUMNI}/submit`, clientEncrypt(JSON.stringify(body), KEY_16));
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    expect(id).toMatch(/^\d+$/);

    const list = await raw('GET', `${ALUMNI}/list?name=${encodeURIComponent(`密文${tag}`)}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/plain/);
    expect(list.body).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const listed = JSON.parse(clientDecrypt(list.body, KEY_16)) as Json;
    expect(listed).toMatchObject({ code: 200, success: true, msg: '操作成功', data: { total: 1 } });
    expect(listed.data.records[0]).toMatchObject({ id, name: `密文${tag}`, phone: '13800000000' });

    const detail = await raw('GET', `${ALUMNI}/detail?id=${id}`);
    expect(detail.headers['content-type']).toMatch(/^text\/plain/);
    const shown = JSON.parse(clientDecrypt(detail.body, KEY_16)) as Json;
    expect(shown).toMatchObject({ code: 200, success: true, data: { id, name: `密文${tag}`, idCardNo: `PC${tag}`, gender: '2' } });

    // An edit sent encrypted changes the row; the test harness reads the encrypted answers transparently.
    const edited = await raw('POST', `${ALUMNI}/submit`, clientEncrypt(JSON.stringify({ ...shown.data, company: '密文单位' }), KEY_16));
    expect(edited.statusCode, edited.body).toBe(200);
    const read = await t.call('GET', `${ALUMNI}/detail?id=${id}`, admin);
    expect(read.json()).toMatchObject({ code: 200, data: { id, company: '密文单位' } });
  });

  it('still takes a plain JSON body, and answers plain JSON to a client that asks for it', async () => {
    const saved = await t.call('POST', `${ALUMNI}/submit`, admin, { name: `明文${tag}`, gender: '1', idType: '2', status: 1, studentStatuses });
    expect(saved.statusCode, saved.body).toBe(200);
    const plain = await raw('GET', `${ALUMNI}/list?name=${encodeURIComponent(`明文${tag}`)}`, undefined, { 'blade-crypto': 'plain' });
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.json()).toMatchObject({ code: 200, data: { total: 1, records: [{ name: `明文${tag}` }] } });
  });

  it('answers a body that does not decrypt or parse with a 400 in the caller\'s language, and saves nothing', async () => {
    const before = await total();
    const bodies = [
      'this is not encrypted',
      JSON.stringify({ name: `明文${tag}`, gender: '1', idType: '2', status: 1, studentStatuses }), // JSON sent as text/plain
      clientEncrypt(JSON.stringify({ name: `错钥${tag}`, gender: '1', idType: '2', studentStatuses }), 'another0key01234'),
      clientEncrypt('{"name": "not JSON', KEY_16),
    ];
    for (const text of bodies) {
      const res = await raw('POST', `${ALUMNI}/submit`, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: '请求内容无法解密，请检查加密密钥' });
    }
    const english = await raw('POST', `${ALUMNI}/submit`, 'garbage', { 'accept-language': 'en' });
    expect(english.json().msg).toBe('The request body could not be decrypted; check the encryption key');
    expect(await total()).toBe(before);
  });

  it('checks a decrypted body like any other: the input checks and the entity rules', async () => {
    const before = await total();
    const nul = await raw('POST', `${ALUMNI}/submit`, clientEncrypt(JSON.stringify({ name: 'a\u0000b', gender: '1', idType: '2', studentStatuses }), KEY_16));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().msg).toBe('参数 name 含有不允许的字符');
    const invalid = await raw('POST', `${ALUMNI}/submit`, clientEncrypt(JSON.stringify({ gender: '1', idType: '2', studentStatuses }), KEY_16));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ success: false, data: { errors: { name: expect.any(String) } } });
    expect(await total()).toBe(before);
  });

  it('keeps failures plain JSON and refuses an encrypted body without a token', async () => {
    const missing = await raw('GET', `${ALUMNI}/detail?id=1`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.json()).toMatchObject({ code: 404, success: false });
    const anonymous = await t.app.inject({
      method: 'POST', url: `${ALUMNI}/submit`, headers: { 'content-type': 'text/plain' }, payload: clientEncrypt('{}', KEY_16),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401, success: false, data: null });
  });

  it('says so in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Json;
    expect(paths['/api/blade-basicInfo/basicInfo/submit'].post.description).toMatch(/encrypted.*text\/plain/);
    expect(paths['/api/blade-basicInfo/basicInfo/list'].get.description).toMatch(/encrypted.*text\/plain/);
    expect(paths['/api/blade-basicInfo/basicInfo/detail'].get.description).toMatch(/encrypted/);
    expect(paths['/api/blade-student/student/list'].get.description ?? '').not.toMatch(/encrypted/);
  });

  it('leaves the other routes alone: their answers stay JSON and they refuse a text/plain body', async () => {
    const students = await raw('GET', '/api/blade-student/student/list?size=1');
    expect(students.headers['content-type']).toMatch(/^application\/json/);
    const refused = await raw('POST', '/api/blade-student/student/submit', clientEncrypt('{}', KEY_16));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false });
  });
});
