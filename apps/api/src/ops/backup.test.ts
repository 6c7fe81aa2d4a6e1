import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { md5Hex } from '../auth/password.js';
import { loadConfig, type Config } from '../config.js';
import { CLIENT_HEADER, DEMO_PASSWORD, RELAXED_LIMITS, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { backupInstallation, KEY_FILES, restoreInstallation } from './backup.js';

const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/**
 * Writes a row into each of two probe tables in one transaction, over and over, from another
 * connection (a worker thread on SQLite, a client of its own on PostgreSQL), until stopped: a copy
 * that caught half of a transaction, or pages of two moments, shows unequal counts.
 */
interface Writer { started: Promise<void>; stop(): Promise<number> }

function sqliteWriter(file: string): Writer {
  // Another process: the server's connection and this one write the same file at the same time.
  const child = spawn(process.execPath, ['-e', `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1], { timeout: 10000 });
    const a = db.prepare('insert into backup_probe_a (n) values (?)');
    const b = db.prepare('insert into backup_probe_b (n) values (?)');
    const pair = db.transaction((n) => { a.run(n); b.run(n); });
    let n = 0, stop = false;
    process.stdin.on('data', () => { stop = true; });
    const loop = () => {
      for (let i = 0; i < 20 && !stop; i++) pair(++n);
      if (n === 100) process.stdout.write('started\\n');
      if (stop) { db.close(); process.stdout.write('done ' + n + '\\n'); process.exit(0); }
      setImmediate(loop);
    };
    loop();`, file], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const seen = (text: string) => new Promise<string>((resolve, reject) => {
    const check = () => { const m = out.match(new RegExp(text)); if (m) resolve(m[0]); };
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); check(); });
    child.once('exit', (code) => { check(); reject(new Error(`writer exited ${code}: ${out}`)); });
  });
  const started = seen('started').then(() => undefined);
  const done = seen('done \\d+');
  return {
    started,
    stop: async () => {
      child.stdin.write('stop\n');
      return Number((await done).split(' ')[1]);
    },
  };
}

function postgresWriter(url: string): Writer {
  const client = new pg.Client({ connectionString: url });
  let stop = false;
  let n = 0;
  let resolveStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => { resolveStarted = resolve; });
  const done = (async () => {
    await client.connect();
    while (!stop) {
      n += 1;
      await client.query('begin');
      await client.query('insert into backup_probe_a (n) values ($1)', [n]);
      await client.query('insert into backup_probe_b (n) values ($1)', [n]);
      await client.query('commit');
      if (n === 100) resolveStarted();
    }
    await client.end();
    return n;
  })();
  return { started, stop: async () => { stop = true; return done; } };
}

async function probeCounts(config: Config): Promise<{ a: number; b: number; integrity: string }> {
  if (config.database.kind === 'sqlite') {
    const db = new BetterSqlite3(config.database.file, { readonly: true });
    try {
      const count = (table: string) => Number((db.prepare(`select count(*) as c from ${table}`).get() as { c: number }).c);
      const integrity = (db.pragma('integrity_check', { simple: true }) as string);
      return { a: count('backup_probe_a'), b: count('backup_probe_b'), integrity };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  try {
    const count = async (table: string) => Number((await client.query<{ c: string }>(`select count(*) as c from ${table}`)).rows[0]?.c);
    return { a: await count('backup_probe_a'), b: await count('backup_probe_b'), integrity: 'ok' };
  } finally {
    await client.end();
  }
}

async function signInAdmin(config: Config): Promise<number> {
  const { app } = await buildApp({ ...config, jobs: { ...config.jobs, runJobs: false } });
  try {
    await app.ready();
    const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex(DEMO_PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
    const res = await app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' } });
    expect(res.json()).toHaveProperty('access_token');
    // A sealed value reads back with the restored keys: the demo alumni's phones open, not fail.
    const token = (res.json() as { access_token: string }).access_token;
    const list = await app.inject({ method: 'GET', url: '/api/blade-basicInfo/basicInfo/list?current=1&size=5', headers: { 'blade-auth': `bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    return res.statusCode;
  } finally {
    await app.close();
  }
}

describe.each(testDialects())('backup and restore (%s)', (dialect) => {
  let t: TestApp;
  let backup: string;
  let written: number;
  let restoredDatabase: string | null = null;
  beforeAll(async () => {
    t = await startTestApp(dialect, { SEED_DEMO: 'true' });
    const db = t.app.services.database.db;
    await sql`create table backup_probe_a (n integer not null)`.execute(db);
    await sql`create table backup_probe_b (n integer not null)`.execute(db);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    if (restoredDatabase) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${restoredDatabase} with (force)`);
      await admin.end();
    }
  });

  it('copies a consistent database while another connection writes, with the key files beside it', async () => {
    const writer = t.config.database.kind === 'sqlite' ? sqliteWriter(t.config.database.file) : postgresWriter(t.config.database.url);
    await writer.started;
    backup = await backupInstallation(t.config, tempDir('alumni-backups-'));
    written = await writer.stop();
    expect(path.basename(backup)).toMatch(/^alumni-backup-\d{8}-\d{6}$/);
    for (const name of KEY_FILES) {
      if (name === '.field-keys' || name === '.data-key') {
        expect(readFileSync(path.join(backup, name), 'utf8')).toBe(readFileSync(path.join(t.config.dataDir, name), 'utf8'));
      }
    }
  }, 300_000);

  it('restores onto an empty installation: the same pairs, a sound file, a server that starts and signs the admin in', async () => {
    let target: Config;
    if (dialect === 'sqlite') {
      target = loadConfig({ ...RELAXED_LIMITS, LOG_LEVEL: 'error', DATA_DIR: tempDir('alumni-restored-') });
    } else {
      // Another database, empty: an installation that lost its own. The search path (the schema's
      // name) stays, since the dump brings its schemas by name.
      const url = new URL(t.config.database.kind === 'postgres' ? t.config.database.url : '');
      restoredDatabase = `r_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${restoredDatabase}`);
      await admin.end();
      url.pathname = `/${restoredDatabase}`;
      target = { ...t.config, dataDir: tempDir('alumni-restored-'), database: { kind: 'postgres', url: url.toString(), poolSize: 4 } };
    }
    await restoreInstallation(target, backup);
    const counts = await probeCounts(target);
    expect(counts.integrity).toBe('ok');
    expect(counts.a).toBe(counts.b);
    expect(counts.a).toBeGreaterThanOrEqual(100);
    expect(counts.a).toBeLessThanOrEqual(written);
    for (const name of ['.field-keys', '.data-key', '.token-secret']) {
      expect(readFileSync(path.join(target.dataDir, name), 'utf8')).toBe(readFileSync(path.join(backup, name), 'utf8'));
    }
    // The restored installation reads its own keys from its data folder.
    const restarted = dialect === 'sqlite' ? loadConfig({ ...RELAXED_LIMITS, LOG_LEVEL: 'error', DATA_DIR: target.dataDir }) : target;
    expect(restarted.dataKey).toBe(t.config.dataKey);
    expect(await signInAdmin(restarted)).toBe(200);
    await expect(restoreInstallation(restarted, backup)).rejects.toThrow(/not empty/);
  }, 300_000);
});
