import { basicInfoEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { seedId } from './menu-tree.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const TENANT = '100001';
const REGIST = '/api/blade-registInfo/registInfo';
const STATUS = '/api/blade-studentStatus/studentStatus';

describe.each(testDialects())("tenant 100001's alumni and registration on %s (DOMAIN 18.2)", (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office] = await Promise.all([t.signIn('admin', undefined, TENANT), t.signIn('office')]);
  });
  afterAll(async () => t?.close());

  const data = async (token: string, method: 'GET' | 'POST', url: string) => {
    const res = await t.call(method, url, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json).data as Json;
  };

  it('holds 20 alumni of its own departments, each with an approved 专科 study record', async () => {
    const counted = await data(admin, 'POST', `${STATUS}/countStudent`);
    expect(counted.alumniTotal).toBe(20);
    const records = (await data(admin, 'GET', `${STATUS}/list?size=100`)).records as Json[];
    expect(records).toHaveLength(20);
    expect(new Set(records.map((r) => r.educationLevel))).toEqual(new Set(['1']));
    expect(new Set(records.map((r) => r.examineStatus))).toEqual(new Set([1]));
    expect(new Set(records.map((r) => String(r.departmentId)))).toEqual(new Set([seedId(1, 101), seedId(1, 102)]));
  });

  it('numbers its alumni from XY0000001 and seals their personal data as any alumnus', async () => {
    const { db } = t.app.services.database;
    const rows = await db.selectFrom('alumni_basic_info').select(['id', 'alumni_code', 'id_card_no', 'phone']).where('tenant_id', '=', TENANT).orderBy('alumni_code').execute();
    expect(rows.map((r) => r.alumni_code)).toEqual(Array.from({ length: 20 }, (_, i) => `XY${String(i + 1).padStart(7, '0')}`));
    for (const r of rows) expect(String(r.id_card_no)).toMatch(/^gcm1:/);
    const first = await t.app.services.repository.findById(basicInfoEntity, { tenantId: TENANT }, String(rows[0]?.id)) as Json;
    expect(String(first.phone)).toMatch(/^1380571\d{4}$/);
  });

  it('holds one registration, waiting for examination', async () => {
    const rows = (await data(admin, 'GET', `${REGIST}/manage/list?size=50`)).records as Json[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ examineStatus: 0, departmentId: seedId(1, 101) });
    expect(String(rows[0]?.registNo)).toMatch(/^DJ\d{8}0001$/);
    const counted = await data(admin, 'POST', `${REGIST}/countRegistInfo`);
    expect(counted).toMatchObject({ total: 1, pending: 1 });
  });

  it('shows none of it to tenant 000000', async () => {
    const registrations = (await data(office, 'GET', `${REGIST}/manage/list?size=200`)).records as Json[];
    expect(registrations.some((r) => String(r.departmentId) === seedId(1, 101))).toBe(false);
    const records = (await data(office, 'GET', `${STATUS}/list?size=1&departmentId=${seedId(1, 101)}`)).total as number;
    expect(records).toBe(0);
  });
});
