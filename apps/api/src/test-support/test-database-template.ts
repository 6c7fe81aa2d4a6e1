import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A test run migrates and seeds one database per dialect, once, and every test app that asks for the
 * usual start (the demo school, no setting that changes what the database holds) starts on a copy of
 * it: SQLite copies the data folder (the database file with its keys), PostgreSQL creates a database
 * from the template database. Starting an app on a fresh database migrated and seeded took 3-5 s on
 * SQLite and 8-20 s on PostgreSQL; a copy takes a fraction of that, and ~90 test apps start per run.
 *
 * The test command makes both templates in the global set-up, before any test file starts
 * (TEST_TEMPLATES=eager), so no test's set-up waits for them; a run of a few files makes each lazily,
 * in the first worker that needs it, under a lock in the run's folder, so a run of web tests alone
 * never makes one.
 */

/** Settings that change what the started database holds: a test that sets one migrates its own. */
const CONTENT_SETTINGS = new Set(['DATA_DIR', 'DATABASE_URL', 'SEED_DEMO', 'ADMIN_PASSWORD', 'DATA_KEY', 'FIELD_KEYS', 'TIME_ZONE', 'JOB_SCHEMA']);

export const TEMPLATE_SCHEMA = 'tmpl';

export type TemplateDialect = 'sqlite' | 'postgres';

export interface MadeTemplate {
  /** SQLite: the data folder to copy. PostgreSQL: the template database's name. */
  source: string;
}

/** Whether a test app started with these settings may start on a copy of the template. */
export function templateServes(env: Record<string, string>, hasExtraEntities: boolean): boolean {
  if (hasExtraEntities || process.env.TEST_NO_TEMPLATE === 'true') return false;
  return Object.keys(env).every((key) => !CONTENT_SETTINGS.has(key));
}

/** The run's template folder, given by the global set-up; null outside a Vitest worker. */
export function runFolder(): string | null {
  try {
    return inject('testTemplateFolder');
  } catch {
    return null;
  }
}

const LOCK_WAIT_MS = 5 * 60_000;

/**
 * The template of this dialect in the run's folder, made now by this process if no other has made it
 * or is making it. `make` migrates and seeds a database at the given place and closes it. While
 * another process makes it, answers null (the caller migrates a database of its own rather than wait
 * inside its set-up's time limit), or waits for it with `wait`.
 */
export async function templateFor(
  folder: string, dialect: TemplateDialect, make: (place: TemplatePlace) => Promise<void>, wait = false,
): Promise<MadeTemplate | null> {
  const ready = path.join(folder, `${dialect}.ready`);
  const failed = path.join(folder, `${dialect}.failed`);
  const lock = path.join(folder, `${dialect}.lock`);
  const read = (): MadeTemplate => JSON.parse(readFileSync(ready, 'utf8')) as MadeTemplate;
  if (existsSync(ready)) return read();
  let mine = false;
  try {
    mkdirSync(lock);
    mine = true;
  } catch {
    // another worker is making it
  }
  if (mine) {
    try {
      const place = dialect === 'sqlite' ? sqlitePlace(folder) : await postgresTemplatePlace(folder);
      await make(place);
      writeFileSync(ready, JSON.stringify({ source: place.source } satisfies MadeTemplate));
      return read();
    } catch (error) {
      writeFileSync(failed, String(error instanceof Error ? error.stack : error));
      throw error;
    }
  }
  if (!wait) return null;
  const until = Date.now() + LOCK_WAIT_MS;
  while (Date.now() < until) {
    if (existsSync(ready)) return read();
    if (existsSync(failed)) throw new Error(`the ${dialect} test template could not be made: ${readFileSync(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`waited ${LOCK_WAIT_MS / 1000} s for the ${dialect} test template`);
}

/** Where a template is made: the settings its app starts with, and what a copy is made from. */
export interface TemplatePlace {
  env: Record<string, string>;
  source: string;
}

function sqlitePlace(folder: string): TemplatePlace {
  const dataDir = path.join(folder, 'sqlite-data');
  mkdirSync(dataDir, { recursive: true });
  return { env: { DATA_DIR: dataDir }, source: dataDir };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function postgresTemplatePlace(folder: string): Promise<TemplatePlace> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  // Named after the run's main process (a worker's parent), which lives as long as the run needs it.
  const runPid = process.send ? process.ppid : process.pid;
  const name = `alumni_tmpl_${runPid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  // The global tear-down drops it.
  writeFileSync(path.join(folder, 'postgres.template'), name);
  const inTemplate = new pg.Client({ connectionString: withDatabase(url, name) });
  await inTemplate.connect();
  try {
    await inTemplate.query(`create schema ${TEMPLATE_SCHEMA}`);
  } finally {
    await inTemplate.end();
  }
  const dataDir = path.join(folder, 'postgres-data');
  mkdirSync(dataDir, { recursive: true });
  const dbUrl = withDatabase(url, name);
  const sep = dbUrl.includes('?') ? '&' : '?';
  return {
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: `${dbUrl}${sep}options=${encodeURIComponent(`-c search_path=${TEMPLATE_SCHEMA}`)}`,
      JOB_SCHEMA: TEMPLATE_SCHEMA,
    },
    source: JSON.stringify({ database: name, dataDir }),
  };
}

/** A copy of the SQLite template's data folder, in a new folder of its own. */
export function copySqliteTemplate(template: MadeTemplate): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alumni-test-'));
  cpSync(template.source, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A new PostgreSQL database made from the template database, with a copy of the template's data
 * folder (its keys). Answers the settings to start on it and how to drop it.
 */
export async function copyPostgresTemplate(template: MadeTemplate): Promise<{ env: Record<string, string>; name: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const { database, dataDir: templateData } = JSON.parse(template.source) as { database: string; dataDir: string };
  const name = `alumni_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two copies of one template at once: PostgreSQL refuses the second while the first reads it.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`create database ${name} template ${database}`);
        break;
      } catch (error) {
        if (attempt >= 100 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
      }
    }
  } finally {
    await admin.end();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alumni-test-'));
  cpSync(templateData, dataDir, { recursive: true });
  const dbUrl = withDatabase(url, name);
  const sep = dbUrl.includes('?') ? '&' : '?';
  return {
    name,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: `${dbUrl}${sep}options=${encodeURIComponent(`-c search_path=${TEMPLATE_SCHEMA}`)}`,
      JOB_SCHEMA: TEMPLATE_SCHEMA,
    },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The global tear-down: drops the PostgreSQL template database, and the test databases and templates
 * that runs stopped half-way left behind (named after a process that no longer runs), and removes the
 * run's folder.
 */
export async function removeTemplates(folder: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const marker = path.join(folder, 'postgres.template');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const ours = existsSync(marker) ? [readFileSync(marker, 'utf8').trim()] : [];
      const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname ~ '^alumni_(t|tmpl)_[0-9]+_[a-z0-9]+$'`);
      const left = rows.map((r) => r.datname).filter((name) => !processAlive(Number(name.split('_')[2])));
      for (const name of new Set([...ours, ...left])) await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  }
  rmSync(folder, { recursive: true, force: true });
}
