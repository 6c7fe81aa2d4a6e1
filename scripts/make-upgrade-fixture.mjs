#!/usr/bin/env node
// Makes the upgrade test's fixture (apps/api/test-fixtures/upgrade/): an installation as a previous
// release left it, on SQLite and on PostgreSQL, with its demo data, one stored file, and the answers
// the upgrade test compares after HEAD has started on it.
//
//   git worktree add /tmp/release <tag-or-commit>
//   (cd /tmp/release && npm ci && npm run build -w packages/domain && npm run build -w apps/api)
//   node scripts/make-upgrade-fixture.mjs /tmp/release [postgres://postgres@127.0.0.1:5432/test]
//
// What it writes, per database: the database (SQLite file or plain `pg_dump`, gzip-compressed), the
// data folder's key files and stored files, and `expected.json` (the release's commit, its
// migrations, every table's row count, and a few answers read through the API).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const release = path.resolve(process.argv[2] ?? '');
const pgUrl = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/test';
const out = path.join(repo, 'apps/api/test-fixtures/upgrade');
const KEY_FILES = ['.token-secret', '.data-key', '.field-keys', '.api-crypto-key'];
const HARNESS = { clientId: 'upgrade', clientSecret: 'upgrade_secret' };
const DEMO_PASSWORD = 'Xy@123456';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const dist = (file) => pathToFileURL(path.join(release, 'apps/api/dist', file)).href;
const { buildApp } = await import(dist('app.js'));
const { loadConfig } = await import(dist('config.js'));
const { SeedWriter } = await import(dist('seed/seed-writer.js'));
const commit = execFileSync('git', ['-C', release, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const md5 = (text) => createHash('md5').update(text).digest('hex');

/** Signs in, stores one file, and reads the answers the upgrade test compares. */
async function writeAndRead(app) {
  await new SeedWriter(app.services.database.db, '1123598821738675201').insert('blade_client', {
    ...HARNESS, scope: 'all', authorizedGrantTypes: 'password,refresh_token', webServerRedirectUri: '',
    accessTokenValidity: 3600, refreshTokenValidity: 604800, autoapprove: 'true',
  });
  const basic = `Basic ${Buffer.from(`${HARNESS.clientId}:${HARNESS.clientSecret}`).toString('base64')}`;
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
  const signIn = await app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers: { authorization: basic, 'tenant-id': '000000' } });
  const token = signIn.json().access_token;
  if (!token) throw new Error(`sign-in failed: ${signIn.body}`);
  const auth = { 'blade-auth': `bearer ${token}` };

  const boundary = `----upgrade${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upgrade.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const put = await app.inject({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file', payload,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const file = put.json().data;
  if (!file?.attachId) throw new Error(`upload failed: ${put.body}`);

  const get = async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    const body = res.json();
    if (body.code !== 200) throw new Error(`${url}: ${res.body}`);
    return body.data;
  };
  // Students carry sealed personal data and answer in the clear (the alumni answers are encrypted).
  const students = await get('/api/blade-student/student/list?current=1&size=5&descs=id');
  const student = await get(`/api/blade-student/student/detail?id=${students.records[0].id}`);
  const users = await get('/api/blade-user/page?current=1&size=1');
  return {
    account: 'admin', password: DEMO_PASSWORD, client: HARNESS,
    file: { attachId: String(file.attachId), name: file.name, link: file.link, sha256: createHash('sha256').update(PNG).digest('hex') },
    studentTotal: students.total, userTotal: users.total,
    student: { id: String(student.id), name: student.name, idCardNo: student.idCardNo ?? null, phone: student.phone ?? null, email: student.email ?? null },
  };
}

function keepDataFolder(dataDir, into) {
  mkdirSync(into, { recursive: true });
  for (const key of KEY_FILES) cpSync(path.join(dataDir, key), path.join(into, key));
  cpSync(path.join(dataDir, 'files'), path.join(into, 'files'), { recursive: true });
}

async function sqliteFixture() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'upgrade-fixture-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  const { app } = await buildApp(config);
  await app.ready();
  const answers = await writeAndRead(app);
  await app.close();
  const file = path.join(dataDir, 'alumni.db');
  const db = new BetterSqlite3(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  const tables = db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).all().map((r) => r.name);
  const counts = Object.fromEntries(tables.map((t) => [t, db.prepare(`select count(*) as n from "${t}"`).get().n]));
  const migrations = db.prepare('select name from app_migration order by name').all().map((r) => r.name);
  db.close();
  const into = path.join(out, 'sqlite');
  rmSync(into, { recursive: true, force: true });
  keepDataFolder(dataDir, into);
  writeFileSync(path.join(into, 'alumni.db.gz'), gzipSync(readFileSync(file), { level: 9 }));
  writeFileSync(path.join(into, 'expected.json'), `${JSON.stringify({ commit, migrations, counts, ...answers }, null, 2)}\n`);
  rmSync(dataDir, { recursive: true, force: true });
}

async function postgresFixture() {
  const schema = 'upgrade_fixture';
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.query(`create schema ${schema}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'upgrade-fixture-'));
  const sep = pgUrl.includes('?') ? '&' : '?';
  const url = `${pgUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'warn', DATABASE_URL: url, JOB_SCHEMA: schema });
  const { app } = await buildApp(config);
  await app.ready();
  const answers = await writeAndRead(app);
  await app.close();
  const { rows } = await admin.query(`select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`, [schema]);
  const counts = {};
  for (const { table_name: t } of rows) counts[t] = Number((await admin.query(`select count(*) as n from ${schema}."${t}"`)).rows[0].n);
  const migrations = (await admin.query(`select name from ${schema}.app_migration order by name`)).rows.map((r) => r.name);
  const dump = spawnSync('pg_dump', ['--no-owner', '--no-privileges', '--schema', schema, pgUrl], { maxBuffer: 1 << 30 });
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  const into = path.join(out, 'postgres');
  rmSync(into, { recursive: true, force: true });
  keepDataFolder(dataDir, into);
  writeFileSync(path.join(into, 'database.sql.gz'), gzipSync(dump.stdout, { level: 9 }));
  writeFileSync(path.join(into, 'expected.json'), `${JSON.stringify({ commit, schema, migrations, counts, ...answers }, null, 2)}\n`);
  rmSync(dataDir, { recursive: true, force: true });
}

// The SQLite reader threads do not hold the process open, and no server listens here.
const keepAlive = setInterval(() => {}, 1000);
await sqliteFixture();
await postgresFixture();
clearInterval(keepAlive);
for (const kind of readdirSync(out)) console.log(`${kind}: ${readdirSync(path.join(out, kind)).join(', ')}`);
process.exit(0);
