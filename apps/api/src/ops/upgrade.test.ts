import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { migrationNames } from '../db/migrate.js';
import { freePort } from '../test-support/free-port.js';
import { testDialects, type TestDialect } from '../test-support/test-app.js';

/**
 * An installation left by the previous release (apps/api/test-fixtures/upgrade/, made by
 * scripts/make-upgrade-fixture.mjs) is upgraded by two built servers of this release started at the
 * same moment on it: both come up, every migration runs once, and every row, sealed value and stored
 * file of the release is still there and readable.
 */
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = path.join(repo, 'apps/api/test-fixtures/upgrade');
const serverEntry = path.join(repo, 'apps/api/dist/server.js');

interface Expected {
  commit: string;
  schema?: string;
  migrations: string[];
  counts: Record<string, number>;
  account: string;
  password: string;
  client: { clientId: string; clientSecret: string };
  file: { name: string; link: string; sha256: string };
  studentTotal: number;
  userTotal: number;
  student: { id: string; name: string; idCardNo: string | null; phone: string | null; email: string | null };
}

interface Started { child: ChildProcess; port: number; output: () => string }

/**
 * The runtime's own settings, passed on to the server so it runs as this test does: NODE_OPTIONS
 * and what a preloaded module in it reads (scripts/second-node.sh names the addon built for its Node).
 */
const runtimeEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => /^(NODE_OPTIONS|SECOND_NODE_\w+)$/.test(e[0]) && e[1] !== undefined));

/** Starts the built server; answers once it listens, or fails with what it printed. */
function startServer(env: Record<string, string>, port: number): Started {
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...runtimeEnv(), HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  return { child, port, output: () => output };
}

async function listening(server: Started, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped (exit ${server.child.exitCode}):\n${server.output()}`);
    if (server.output().includes('is running at')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start in time:\n${server.output()}`);
}

async function stop(server: Started | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}

/** The answers the release gave, asked again of an upgraded server. */
async function readBack(port: number, expected: Expected) {
  const base = `http://127.0.0.1:${port}`;
  const basic = `Basic ${Buffer.from(`${expected.client.clientId}:${expected.client.clientSecret}`).toString('base64')}`;
  const query = new URLSearchParams({ tenantId: '000000', username: expected.account, password: md5Hex(expected.password), grant_type: 'password', scope: 'all', type: 'account' });
  const signIn = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic, 'tenant-id': '000000' } });
  const token = ((await signIn.json()) as { access_token?: string }).access_token;
  expect(token, 'the release\'s administrator signs in on the upgraded server').toBeTruthy();
  const auth = { 'blade-auth': `bearer ${token}` };
  const get = async (url: string) => {
    const body = (await (await fetch(`${base}${url}`, { headers: auth })).json()) as { code: number; data: Record<string, unknown> };
    expect(body.code, url).toBe(200);
    return body.data;
  };
  const students = await get('/api/blade-student/student/list?current=1&size=5&descs=id');
  const student = await get(`/api/blade-student/student/detail?id=${expected.student.id}`);
  const users = await get('/api/blade-user/page?current=1&size=1');
  const stored = await fetch(`${base}/api/blade-resource/oss/endpoint/get-file?name=${encodeURIComponent(expected.file.name)}`, { headers: auth });
  const bytes = Buffer.from(await stored.arrayBuffer());
  return {
    studentTotal: students.total, userTotal: users.total,
    student: { id: String(student.id), name: student.name, idCardNo: student.idCardNo ?? null, phone: student.phone ?? null, email: student.email ?? null },
    fileStatus: stored.status, fileSha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * Tables that may hold more rows after the upgrade: logs and jobs (the job queue's own tables on
 * PostgreSQL: a start queues the daily retention run), and the reference rows a later migration adds
 * (its menus and their grants, dictionaries, parameters; 066 gives the demo college its
 * administration and the role below it). A full-text index's own tables follow their table and are left out.
 */
const mayGrow = (table: string) => /^app_migration|^blade_log_|^app_job|^pgboss|^job_|^(job|queue)$|^blade_(menu|role|role_menu|role_scope|dict|dict_biz|param)$/.test(table);
const derived = (table: string) => /_search(_data|_idx|_docsize|_config|_content)?$/.test(table);

describe.each(testDialects())('an upgrade from the previous release on %s', (dialect: TestDialect) => {
  const expected = JSON.parse(readFileSync(path.join(fixtures, dialect, 'expected.json'), 'utf8')) as Expected;
  const dataDirs: string[] = [];
  let env: Record<string, string> = {};
  let servers: Started[] = [];
  let counts: () => Promise<Record<string, number>>;
  let migrationRuns: () => Promise<Record<string, number>>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    expect(existsSync(serverEntry), 'the built server (npm run build) is what an installation runs').toBe(true);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'alumni-upgrade-'));
    dataDirs.push(dataDir);
    // The release's data folder: its keys (sealed values and tokens) and its stored files.
    cpSync(path.join(fixtures, dialect), dataDir, { recursive: true, filter: (src) => !/\.(gz|json)$/.test(src) });
    if (dialect === 'sqlite') {
      const file = path.join(dataDir, 'alumni.db');
      writeFileSync(file, gunzipSync(readFileSync(path.join(fixtures, 'sqlite/alumni.db.gz'))));
      env = { DATA_DIR: dataDir };
      const open = () => new BetterSqlite3(file, { readonly: true });
      counts = async () => {
        const db = open();
        try {
          return Object.fromEntries(Object.keys(expected.counts).map((t) => [t, (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n]));
        } finally { db.close(); }
      };
      migrationRuns = async () => {
        const db = open();
        try {
          const rows = db.prepare('select name, count(*) as n from app_migration group by name').all() as { name: string; n: number }[];
          return Object.fromEntries(rows.map((r) => [r.name, r.n]));
        } finally { db.close(); }
      };
    } else {
      const url = process.env.TEST_DATABASE_URL as string;
      const database = `alumni_upgrade_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${database}`);
      await admin.query(`create database ${database}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${database}`;
      const dbUrl = target.toString();
      // Extensions belong to the database (the release's trigram indexes need it before they are restored).
      const prepare = new pg.Client({ connectionString: dbUrl });
      await prepare.connect();
      await prepare.query('create extension if not exists pg_trgm');
      await prepare.end();
      const restore = spawnSync('psql', ['--quiet', '--set', 'ON_ERROR_STOP=1', '--dbname', dbUrl], {
        input: gunzipSync(readFileSync(path.join(fixtures, 'postgres/database.sql.gz'))), encoding: 'utf8', maxBuffer: 1 << 28,
      });
      expect(restore.status, restore.stderr).toBe(0);
      const schema = expected.schema as string;
      env = {
        DATA_DIR: dataDir, JOB_SCHEMA: schema,
        DATABASE_URL: `${dbUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      };
      const query = async <R>(text: string): Promise<R[]> => {
        const client = new pg.Client({ connectionString: dbUrl });
        await client.connect();
        try { return (await client.query(text)).rows as R[]; } finally { await client.end(); }
      };
      counts = async () => {
        const found: Record<string, number> = {};
        for (const t of Object.keys(expected.counts)) found[t] = Number((await query<{ n: string }>(`select count(*) as n from ${schema}."${t}"`))[0]?.n);
        return found;
      };
      migrationRuns = async () => Object.fromEntries(
        (await query<{ name: string; n: string }>(`select name, count(*) as n from ${schema}.app_migration group by name`)).map((r) => [r.name, Number(r.n)]));
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${database} with (force)`);
        await c.end();
      };
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await stop(server);
    await dropDatabase();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('two servers of this release start at the same moment on it; each migration runs once', async () => {
    const before = await migrationRuns();
    expect(Object.keys(before).sort()).toEqual([...expected.migrations].sort());
    const pending = migrationNames().filter((name) => !expected.migrations.includes(name));
    expect(pending.length, 'this release has migrations the previous one had not').toBeGreaterThan(0);

    servers = [startServer(env, await freePort()), startServer(env, await freePort())];
    await Promise.all(servers.map((server) => listening(server)));

    const after = await migrationRuns();
    expect(Object.keys(after).sort()).toEqual([...migrationNames()].sort());
    expect(Object.values(after).every((n) => n === 1)).toBe(true);
  }, 240_000);

  it('every row of the release is still there, and its sealed values, stored files and accounts still read', async () => {
    const now = await counts();
    const changed = Object.entries(expected.counts).filter(([table]) => !derived(table)).filter(([table, n]) => (mayGrow(table) ? now[table]! < n : now[table] !== n))
      .map(([table, n]) => `${table}: ${n} -> ${now[table]}`);
    expect(changed).toEqual([]);
    for (const server of servers) {
      const answers = await readBack(server.port, expected);
      expect(answers.studentTotal).toBe(expected.studentTotal);
      expect(answers.userTotal).toBe(expected.userTotal);
      expect(answers.student).toEqual(expected.student);
      expect(answers.fileStatus).toBe(200);
      expect(answers.fileSha256).toBe(expected.file.sha256);
    }
  }, 120_000);
});
