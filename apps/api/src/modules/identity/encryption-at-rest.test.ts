import { createDecipheriv } from 'node:crypto';
import { basicInfoEntity, registInfoEntity, studentEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldSealing } from '../../db/field-sealing.js';
import { sealStoredFields, valuesByKey } from '../../db/seal-stored-fields.js';
import { rotateFieldKey } from '../../keys/rotate-field-key.js';
import { seedId } from '../../seed/menu-tree.js';
import { residentId } from '../../seed/people-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const ALUMNI = '/api/blade-basicInfo/basicInfo';
const REGIST = '/api/blade-registInfo/registInfo';
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);

/**
 * Opens a stored value as the README documents the format, with Node's crypto alone:
 * `gcm1:<key id>:<base64url(12-byte IV ‖ ciphertext ‖ 16-byte tag)>`, AES-256-GCM, additional data
 * `<table>.<column>`.
 */
function openIndependently(stored: string, keyHex: string, where: string): string {
  const [scheme, , body] = stored.split(':');
  expect(scheme).toBe('gcm1');
  const raw = Buffer.from(body as string, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(where));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

describe.each(testDialects())('encryption at rest of ID numbers, phones and e-mails on %s (DOMAIN 1.8)', (dialect) => {
  let t: TestApp;
  let office: string;
  let registration: Json;
  const idCardNo = residentId('1987-06-05', 871, false);
  const phone = `1381234${String(Date.now() % 10000).padStart(4, '0')}`;
  const email = `Sealed.${Date.now() % 100000}@Example.com`;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    const res = await t.call('POST', `${REGIST}/manage/saveOrUpdate`, office, {
      name: '封存测试', gender: '2', idType: '1', idCardNo, departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
      enrollmentYear: 2005, graduationYear: 2009, areaCode: '+86', phone, email, country: '中国', provinceCode: '110000',
    });
    expect(res.statusCode, res.body).toBe(200);
    registration = res.json().data;
  });
  afterAll(async () => t?.close());

  const db = () => t.app.services.database.db;
  const raw = async (table: string, id: string) => (await db().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Json;
  const key = () => t.config.fieldKeys.keys[t.config.fieldKeys.current] as string;

  it('stores a registration\'s ID number, phone and e-mail sealed, with a keyed hash beside each', async () => {
    const row = await raw(registInfoEntity.table, registration.id);
    for (const [column, value] of [['id_card_no', idCardNo], ['phone', phone], ['email', email]] as const) {
      const stored = String(row[column]);
      expect(stored).toMatch(new RegExp(`^gcm1:${t.config.fieldKeys.current}:[A-Za-z0-9_-]+$`));
      expect(stored).not.toContain(value);
      expect(stored).not.toContain(value.slice(-4));
      expect(row[`${column}_hash`]).toMatch(/^[0-9a-f]{64}$/);
      expect(openIndependently(stored, key(), `${registInfoEntity.table}.${column}`)).toBe(value);
    }
    // Two writes of one value are two different texts (a fresh IV each time), the hash is the same.
    const again = await t.call('POST', `${REGIST}/manage/saveOrUpdate`, office, { id: registration.id, phone });
    expect(again.statusCode, again.body).toBe(200);
    const after = await raw(registInfoEntity.table, registration.id);
    expect(after.phone).not.toBe(row.phone);
    expect(after.phone_hash).toBe(row.phone_hash);
  });

  it('answers the values in the clear to a caller with the code, and finds them exactly by any way of writing them', async () => {
    const shown = (await t.call('GET', `${REGIST}/detail/${registration.id}`, office)).json().data;
    expect(shown).toMatchObject({ idCardNo, phone, email });
    const ids = async (query: string) => ((await t.call('GET', `${REGIST}/manage/list?${query}`, office)).json().data.records as Json[]).map((r) => r.id);
    expect(await ids(`phone=${phone}`)).toEqual([registration.id]);
    expect(await ids(`phone_equal=${phone.slice(0, 3)}-${phone.slice(3)}`)).toEqual([registration.id]);
    expect(await ids(`email=${encodeURIComponent(email.toUpperCase())}`)).toEqual([registration.id]);
    expect(await ids(`idCardNo=${idCardNo.toLowerCase()}`)).toEqual([registration.id]);
    expect(await ids(`idCardNo_in=${idCardNo},110101199001011234`)).toEqual([registration.id]);
    // A fragment finds nothing: the stored text holds no fragment of the number.
    expect(await ids(`phone=${phone.slice(0, 7)}`)).toEqual([]);
    const byCard = (await t.call('GET', `${REGIST}/detail/cardNo/${idCardNo}`, office)).json();
    expect(byCard.data.id).toBe(registration.id);
  });

  it('seals the demo school\'s people, loaded plain, at start-up', async () => {
    const alumnus = (await db().selectFrom(basicInfoEntity.table).select(['id', 'phone', 'phone_hash']).where('phone', 'is not', null).limit(1).executeTakeFirstOrThrow()) as Json;
    expect(String(alumnus.phone)).toMatch(/^gcm1:/);
    const student = (await db().selectFrom(studentEntity.table).select(['id', 'id_card_no']).where('id_card_no', 'is not', null).limit(1).executeTakeFirstOrThrow()) as Json;
    expect(String(student.id_card_no)).toMatch(/^gcm1:/);
    const shown = (await t.call('GET', `${ALUMNI}/detail?id=${alumnus.id}`, office)).json().data;
    expect(shown.phone).toBe(openIndependently(String(alumnus.phone), key(), `${basicInfoEntity.table}.phone`));
    expect(((await t.call('GET', `${ALUMNI}/list?phone=${shown.phone}`, office)).json().data.records as Json[]).map((r) => r.id)).toContain(String(alumnus.id));
    expect((await valuesByKey(db(), [t.config.fieldKeys.current])).plain).toBe(0);
  });

  it('seals a value written plain behind the server\'s back, and refuses a value moved to another column', async () => {
    const sealing = t.app.services.sealing;
    await db().updateTable(registInfoEntity.table).set({ email: 'plain@example.com', email_hash: null }).where('id', '=', registration.id).execute();
    // Until it is sealed, the plain value is answered as it is.
    expect((await t.call('GET', `${REGIST}/detail/${registration.id}`, office)).json().data.email).toBe('plain@example.com');
    const sealed = await sealStoredFields(db(), sealing);
    expect(sealed[registInfoEntity.name]).toBe(1);
    const row = await raw(registInfoEntity.table, registration.id);
    expect(String(row.email)).toMatch(/^gcm1:/);
    expect(row.email_hash).toBe(sealing.hash('email', 'plain@example.com'));
    // The same sealed text under another column does not open: the column is part of what was sealed.
    expect(() => sealing.open(String(row.email), `${registInfoEntity.table}.phone`)).toThrow();
    await db().updateTable(registInfoEntity.table).set({ email: sealing.seal(email, `${registInfoEntity.table}.email`), email_hash: sealing.hash('email', email) }).where('id', '=', registration.id).execute();
  });

  it('rotates the key: every value sealed again with the new one, readable, found, and the old key retired', async () => {
    const before = t.config.fieldKeys;
    const report = await rotateFieldKey(t.config, t.app.services.database, { add: true, retire: true });
    expect(report.added).toBe(true);
    expect(report.current).not.toBe(before.current);
    expect(Object.values(report.resealed).reduce((a, b) => a + b, 0)).toBeGreaterThan(300);
    expect(report.byKey[report.current]).toBeGreaterThan(300);
    expect(report.retired).toEqual([before.current]);
    // The ring in the data folder now holds the new key only; a server started on it reads everything.
    const { loadConfig } = await import('../../config.js');
    const reloaded = loadConfig({ DATA_DIR: t.config.dataDir });
    expect(reloaded.fieldKeys.current).toBe(report.current);
    expect(Object.keys(reloaded.fieldKeys.keys)).toEqual([report.current]);
    const sealing = new FieldSealing(reloaded.fieldKeys, t.config.dataKey);
    const row = await raw(registInfoEntity.table, registration.id);
    expect(String(row.phone)).toMatch(new RegExp(`^gcm1:${report.current}:`));
    expect(sealing.open(String(row.phone), `${registInfoEntity.table}.phone`)).toBe(phone);
    expect(openIndependently(String(row.id_card_no), reloaded.fieldKeys.keys[report.current] as string, `${registInfoEntity.table}.id_card_no`)).toBe(idCardNo);
    // The hashes do not depend on the sealing key: exact search still finds the row.
    expect(row.phone_hash).toBe(sealing.hash('phone', phone));
    // A second run finds nothing left to do.
    const again = await rotateFieldKey(reloaded, t.app.services.database, { add: false, retire: false });
    expect(Object.values(again.resealed).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
