import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { exportTenant, importTenant, readManifest, TransferError } from './tenant-transfer.js';

const SCHOOL = '100001';
/** The target: PostgreSQL when the run has it (an export from SQLite must land there), else SQLite. */
const targetDialect = testDialects().includes('postgres') ? 'postgres' : 'sqlite';

/** Rows of the tenant in every table that has a tenant column (rebuilt statistics and hashes included). */
async function tenantCounts(t: TestApp): Promise<Record<string, number>> {
  const { db } = t.app.services.database;
  const tables = (await db.introspection.getTables()).filter((x) => !x.isView && x.columns.some((c) => c.name === 'tenant_id') && !/_search($|_)/.test(x.name));
  const counts: Record<string, number> = {};
  for (const table of tables) {
    if (/^app_job|^blade_log_|^app_online_session$/.test(table.name)) continue; // what a start or a sign-in writes
    const row = await db.selectFrom(table.name).select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', SCHOOL).executeTakeFirst();
    counts[table.name] = Number(row?.n ?? 0);
  }
  return counts;
}

describe(`a school's data moves from SQLite to ${targetDialect} and back unchanged`, () => {
  let source: TestApp;
  let target: TestApp;
  const folders: string[] = [];
  const folder = () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'alumni-tenant-')), 'export');
    folders.push(path.dirname(dir));
    return dir;
  };

  beforeAll(async () => {
    source = await startTestApp('sqlite');
    // An installation without the demo school: the platform tenant only.
    target = await startTestApp(targetDialect, { SEED_DEMO: 'false' });
  }, 180_000);

  afterAll(async () => {
    await source?.close();
    await target?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('exports every row and file of the tenant, personal data opened, and imports it with the same counts and answers', async () => {
    const s = source.app.services;
    // A stored file of the school, uploaded by its administrator.
    const schoolAdmin = await source.signIn('admin', DEMO_PASSWORD, SCHOOL);
    const boundary = '----transfer';
    const upload = await source.app.inject({
      method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file',
      headers: { 'blade-auth': `bearer ${schoolAdmin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nschool file\r\n--${boundary}--\r\n`),
    });
    const stored = upload.json().data as { name: string };
    expect(stored.name).toMatch(new RegExp(`^${SCHOOL}/`));

    const before = await tenantCounts(source);
    expect(before.alumni_basic_info, 'the demo school has alumni').toBeGreaterThan(0);
    expect(before.alumni_identity_key).toBeGreaterThan(0);

    const dir = folder();
    const manifest = await exportTenant(s.database, s.sealing, source.config.dataDir, SCHOOL, dir);
    expect(manifest.files).toBeGreaterThan(0);
    expect(manifest.tables.alumni_identity_key, 'keyed hashes are taken anew, not carried').toBeUndefined();
    // Sealed values are carried opened: the target's keys differ.
    const alumniLines = readFileSync(path.join(dir, 'tables/alumni_basic_info.jsonl'), 'utf8');
    expect(alumniLines).not.toContain('gcm1:');
    // No other tenant's rows.
    for (const table of Object.keys(manifest.tables)) {
      for (const line of readFileSync(path.join(dir, 'tables', `${table}.jsonl`), 'utf8').split('\n').filter(Boolean)) {
        const row = JSON.parse(line) as { tenant_id?: string };
        if ('tenant_id' in row) expect(row.tenant_id, table).toBe(SCHOOL);
      }
    }

    const t = target.app.services;
    expect((await tenantCounts(target)).blade_tenant).toBe(0);
    await importTenant(t.database, t.sealing, t.identityKeys, target.config.dataDir, dir);
    expect(await tenantCounts(target)).toEqual(before);

    // Sealed on arrival under the target's keys, with their keyed hashes.
    const sealedRow = await t.database.db.selectFrom('alumni_basic_info').select(['phone', 'phone_hash'])
      .where('tenant_id', '=', SCHOOL).where('phone', 'is not', null).executeTakeFirstOrThrow();
    expect(String(sealedRow.phone)).toMatch(/^gcm1:/);
    expect(sealedRow.phone_hash).toBeTruthy();

    // The school's administrator signs in on the target and reads the same alumni and the same file.
    const adminThere = await target.signIn('admin', DEMO_PASSWORD, SCHOOL);
    const list = (url: string, t2: TestApp, token: string) => t2.call('GET', url, token).then((r) => r.json().data as { total: number; records: Record<string, unknown>[] });
    const url = '/api/blade-basicInfo/basicInfo/list?current=1&size=50&descs=id';
    const here = await list(url, source, schoolAdmin);
    const there = await list(url, target, adminThere);
    expect(there.total).toBe(here.total);
    const pick = (r: Record<string, unknown>) => ({ id: r.id, name: r.name, phone: r.phone, email: r.email, idCardNo: r.idCardNo });
    expect(there.records.map(pick)).toEqual(here.records.map(pick));
    // An exact search by phone finds the alumnus through the target's keyed hash.
    const phone = String(here.records.find((r) => r.phone)?.phone ?? '');
    expect(phone).toMatch(/^1\d{10}$/);
    const found = await list(`/api/blade-basicInfo/basicInfo/list?current=1&size=5&phone=${phone}`, target, adminThere);
    expect(found.total).toBeGreaterThan(0);
    const file = await target.app.inject({ method: 'GET', url: `/api/blade-resource/oss/endpoint/get-file?name=${encodeURIComponent(stored.name)}`, headers: { 'blade-auth': `bearer ${adminThere}` } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('school file');
  }, 240_000);

  it('refuses a second import of the same tenant and leaves the installation as it was', async () => {
    const s = source.app.services;
    const dir = folder();
    await exportTenant(s.database, s.sealing, source.config.dataDir, SCHOOL, dir);
    const t = target.app.services;
    const before = await tenantCounts(target);
    await expect(importTenant(t.database, t.sealing, t.identityKeys, target.config.dataDir, dir)).rejects.toThrow(TransferError);
    expect(await tenantCounts(target)).toEqual(before);
  }, 120_000);

  it('refuses the platform tenant, an unknown tenant, and a folder that is not an export', async () => {
    const s = source.app.services;
    await expect(exportTenant(s.database, s.sealing, source.config.dataDir, '000000', folder())).rejects.toThrow(/platform/);
    await expect(exportTenant(s.database, s.sealing, source.config.dataDir, '999999', folder())).rejects.toThrow(/No tenant 999999/);
    const empty = mkdtempSync(path.join(tmpdir(), 'alumni-tenant-'));
    folders.push(empty);
    expect(() => readManifest(empty)).toThrow(/not a tenant export/);
    expect(existsSync(path.join(empty, 'tenant.json'))).toBe(false);
  });
});
