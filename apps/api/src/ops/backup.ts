import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';

/**
 * `npm run backup` and `npm run restore`: a consistent copy of an installation while it runs — the
 * database (SQLite's online backup; `pg_dump` of the installation's schemas on PostgreSQL), the key
 * files of the data folder without which sealed values and tokens cannot be read, and the local
 * stored files — and its return onto an empty installation (docs/operations.md).
 */

/** The secrets the server generates into the data folder when they are not configured (README "Configuration"). */
export const KEY_FILES = ['.token-secret', '.data-key', '.field-keys', '.api-crypto-key'] as const;
/** The local object storage's folder in the data folder. */
const FILES_DIR = 'files';
const SQLITE_FILE = 'alumni.db';
const PG_DUMP_FILE = 'database.dump';
const MANIFEST = 'backup.json';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** PostgreSQL: the schemas dumped (the installation's and the job queue's). */
  schemas?: string[];
  /** Key files copied from the data folder; settings given in the environment are not in the backup. */
  keyFiles: string[];
  /** Settings this installation reads from the environment instead: keep them with the backup yourself. */
  keysFromEnvironment: string[];
  files: boolean;
}

export class BackupError extends Error {}

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

function keysFromEnvironment(env: NodeJS.ProcessEnv): string[] {
  return ['TOKEN_SECRET', 'DATA_KEY', 'FIELD_KEYS', 'API_CRYPTO_KEY'].filter((name) => !!env[name]);
}

/** The schema the installation's tables live in (the connection's search path) and the job queue's. */
async function postgresSchemas(url: string, jobSchema: string): Promise<{ schema: string; jobSchema: string; tables: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string | null; tables: string }>(
      // An empty database may not have the search path's schema yet: its name is then the path's first.
      `select coalesce(current_schema(), trim(both '"' from trim(split_part(current_setting('search_path'), ',', 1)))) as schema,
              (select count(*) from information_schema.tables where table_schema = current_schema()) as tables`);
    const schema = rows[0]?.schema;
    if (!schema) throw new BackupError('PostgreSQL: the connection has no current schema (check search_path)');
    return { schema, jobSchema, tables: Number(rows[0]?.tables ?? 0) };
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.error) throw new BackupError(`${command} could not run (${result.error.message}); install the PostgreSQL client tools`);
  if (result.status !== 0) throw new BackupError(`${command} failed (exit ${result.status}): ${result.stderr.trim()}`);
}

/** Writes a backup into a new timestamped folder under `into` and answers its path. */
export async function backupInstallation(config: Config, into: string, env: NodeJS.ProcessEnv = process.env, now = new Date()): Promise<string> {
  const folder = path.resolve(into, `alumni-backup-${stamp(now)}`);
  if (existsSync(folder)) throw new BackupError(`${folder} exists already`);
  mkdirSync(folder, { recursive: true });
  try {
    const manifest: BackupManifest = {
      format: 1, createdAt: now.toISOString(), database: config.database.kind, keyFiles: [],
      keysFromEnvironment: keysFromEnvironment(env), files: false,
    };
    if (config.database.kind === 'sqlite') {
      // One read transaction over the whole file (every page in one step): a consistent copy while
      // the server and any other connection keep writing.
      const source = new BetterSqlite3(config.database.file, { readonly: true, fileMustExist: true });
      try {
        await source.backup(path.join(folder, SQLITE_FILE), { progress: () => 0x7fffffff });
      } finally {
        source.close();
      }
    } else {
      const { schema, jobSchema } = await postgresSchemas(config.database.url, config.jobs.schema);
      const schemas = [...new Set([schema, jobSchema])];
      // pg_dump reads in one repeatable-read snapshot: consistent while the server writes.
      run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...schemas.flatMap((s) => ['--schema', s]),
        '--file', path.join(folder, PG_DUMP_FILE), '--dbname', config.database.url]);
      manifest.schemas = schemas;
    }
    for (const name of KEY_FILES) {
      const file = path.join(config.dataDir, name);
      if (existsSync(file)) {
        cpSync(file, path.join(folder, name));
        manifest.keyFiles.push(name);
      }
    }
    const files = path.join(config.dataDir, FILES_DIR);
    if (existsSync(files) && statSync(files).isDirectory()) {
      cpSync(files, path.join(folder, FILES_DIR), { recursive: true });
      manifest.files = true;
    }
    writeFileSync(path.join(folder, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    return folder;
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${folder} is not a backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${file}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/**
 * Brings a backup back onto this installation's data folder and database. Refuses when the target
 * already holds data (a database with tables, stored files) unless `force`; key files a fresh start
 * generated beside an empty database are replaced by the backup's.
 */
export async function restoreInstallation(config: Config, folder: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifest = readManifest(folder);
  if (manifest.database !== config.database.kind) {
    throw new BackupError(`the backup is of a ${manifest.database} installation; this one is configured for ${config.database.kind}`);
  }
  const filesDir = path.join(config.dataDir, FILES_DIR);
  const hasFiles = existsSync(filesDir) && readdirSync(filesDir).length > 0;
  if (config.database.kind === 'sqlite') {
    const target = config.database.file;
    const hasDatabase = existsSync(target) && statSync(target).size > 0;
    if ((hasDatabase || hasFiles) && !options.force) {
      throw new BackupError(`${config.dataDir} is not empty (${hasDatabase ? SQLITE_FILE : FILES_DIR}); stop the server and add --force to replace it`);
    }
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    cpSync(path.join(folder, SQLITE_FILE), target);
  } else {
    const { schema, tables } = await postgresSchemas(config.database.url, config.jobs.schema);
    if ((tables > 0 || hasFiles) && !options.force) {
      throw new BackupError(`schema ${schema} is not empty (${tables} tables); stop the server and add --force to replace it`);
    }
    const schemas = manifest.schemas ?? [];
    if (!schemas.includes(schema)) {
      throw new BackupError(`the backup holds schema ${schemas.join(', ')}; this installation's connection uses ${schema}`);
    }
    const client = new pg.Client({ connectionString: config.database.url });
    await client.connect();
    try {
      // The dump creates its schemas itself; the extension the search indexes use lives outside
      // them (in public, as the migration puts it: db/search-index.ts).
      for (const name of schemas.filter((n) => n !== 'public')) await client.query(`drop schema if exists "${name.replace(/"/g, '""')}" cascade`);
      await client.query('create extension if not exists pg_trgm with schema public');
    } finally {
      await client.end();
    }
    run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', config.database.url, path.join(folder, PG_DUMP_FILE)]);
  }
  for (const name of manifest.keyFiles) cpSync(path.join(folder, name), path.join(config.dataDir, name));
  if (manifest.files) {
    rmSync(filesDir, { recursive: true, force: true });
    cpSync(path.join(folder, FILES_DIR), filesDir, { recursive: true });
  }
  return manifest;
}
