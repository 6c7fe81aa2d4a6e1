import { cpSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { hashColumnOf, snake, type EntityDef } from '@alumni/domain';
import { sql } from 'kysely';
import type { Database, Db } from '../db/database.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { migrationNames } from '../db/migrate.js';
import { sealedTables, sealStoredFields } from '../db/seal-stored-fields.js';
import { STUDENT_TALLIES } from '../db/migrations/020-student-tallies.js';
import { IDENTITY_KEY_TABLE } from '../db/migrations/021-identity.js';
import { DONATION_TALLY_TABLES, VISIT_TALLY_TABLES } from '../db/migrations/031-visit-donation-tallies.js';
import type { IdentityKeys } from '../modules/identity/identity-keys.js';

/**
 * `npm run tenant-export` and `npm run tenant-import`: one school's data — every row of its tenant
 * and the files it stored in the built-in folder — carried to another installation, on either
 * database (a school that moves to its own server, or leaves with its data).
 *
 * The export is a folder: `tenant.json` (the tenant, the release's migrations, each table's row
 * count), `tables/<table>.jsonl` (one row per line, as stored) and `files/<tenant>/…`. Values sealed
 * under the installation's keys are written opened, so the export holds personal data in clear: keep
 * it as the backups are kept, and delete it once imported. The import writes the rows in one
 * transaction, then seals them under the target's keys and takes their keyed hashes anew.
 */

export const TRANSFER_FORMAT = 1;
const MANIFEST = 'tenant.json';
const TABLES_DIR = 'tables';
const FILES_DIR = 'files';
const PLATFORM_TENANT = '000000';
const BATCH = 200;

export class TransferError extends Error {}

export interface TransferManifest {
  format: number;
  tenantId: string;
  tenantName: string;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  migrations: string[];
  /** Rows written per table, in the order they are imported. */
  tables: Record<string, number>;
  /** Files copied from the built-in storage folder. */
  files: number;
}

/**
 * Tables the database fills itself from the rows of others (statistics kept by triggers), and the
 * keyed hashes of identities (under the installation's data key): the import rebuilds them.
 */
const REBUILT = new Set<string>([
  ...Object.values(STUDENT_TALLIES), ...Object.values(VISIT_TALLY_TABLES), ...Object.values(DONATION_TALLY_TABLES), IDENTITY_KEY_TABLE,
]);
/** Work in flight, not data: queued jobs and their progress. */
const TRANSIENT = new Set(['app_job', 'app_job_progress', 'app_user_session', 'app_online_session']);
/** Link tables without a tenant column, carried with the rows they hang from. */
const LINKS: { table: string; column: string; parent: string }[] = [
  { table: 'blade_role_menu', column: 'role_id', parent: 'blade_role' },
  { table: 'blade_role_scope', column: 'role_id', parent: 'blade_role' },
  { table: 'blade_top_menu_setting', column: 'top_menu_id', parent: 'blade_top_menu' },
];

const isSearchIndex = (table: string) => /_search($|_)/.test(table);

interface TableInfo { name: string; columns: string[]; auto: string[] }

async function tablesOf(db: Db): Promise<Map<string, TableInfo>> {
  const tables = await db.introspection.getTables();
  return new Map(tables.filter((t) => !t.isView).map((t) => [t.name, {
    name: t.name, columns: t.columns.map((c) => c.name), auto: t.columns.filter((c) => c.isAutoIncrementing).map((c) => c.name),
  }]));
}

/** The tables a tenant's export carries, parents before the links that hang from them. */
function carried(tables: Map<string, TableInfo>): TableInfo[] {
  const own = [...tables.values()]
    .filter((t) => t.columns.includes('tenant_id') && !REBUILT.has(t.name) && !TRANSIENT.has(t.name) && !isSearchIndex(t.name))
    .sort((a, b) => (a.name === 'blade_tenant' ? -1 : b.name === 'blade_tenant' ? 1 : a.name.localeCompare(b.name)));
  const links = LINKS.map((l) => tables.get(l.table)).filter((t): t is TableInfo => !!t);
  return [...own, ...links];
}

/** Sealed columns (opened on export) and their hash columns (left empty: the target takes them anew). */
function sealedColumnsByTable(): Map<string, { entity: EntityDef; fields: string[]; hashes: string[] }> {
  const map = new Map<string, { entity: EntityDef; fields: string[]; hashes: string[] }>();
  for (const { entity, fields } of sealedTables()) {
    map.set(entity.table, {
      entity, fields: fields.map(([name]) => name),
      hashes: fields.filter(([, kind]) => kind !== null).map(([name]) => hashColumnOf(snake(name))),
    });
  }
  return map;
}

/** JSON for one row: binary values as base64 under `$b64`. */
const encodeValue = (value: unknown): unknown =>
  Buffer.isBuffer(value) ? { $b64: value.toString('base64') } : typeof value === 'bigint' ? value.toString() : value;
const decodeValue = (value: unknown): unknown =>
  value && typeof value === 'object' && '$b64' in (value as object) ? Buffer.from(String((value as { $b64: string }).$b64), 'base64') : value;

function rowsQuery(db: Db, table: TableInfo, tenantId: string) {
  const link = LINKS.find((l) => l.table === table.name);
  const base = db.selectFrom(table.name).selectAll();
  if (!link) return base.where('tenant_id', '=', tenantId);
  return base.where(link.column, 'in', db.selectFrom(link.parent).select('id').where('tenant_id', '=', tenantId));
}

/** Writes tenant `tenantId`'s rows and files into `folder` (created; must not exist). */
export async function exportTenant(
  database: Database, sealing: FieldSealing, dataDir: string, tenantId: string, folder: string, now = new Date(),
): Promise<TransferManifest> {
  if (tenantId === PLATFORM_TENANT) throw new TransferError(`Tenant ${PLATFORM_TENANT} is the platform's own: back up the installation instead (npm run backup)`);
  const { db } = database;
  const tenant = await db.selectFrom('blade_tenant').select(['tenant_name']).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
  if (!tenant) throw new TransferError(`No tenant ${tenantId} in this installation`);
  if (existsSync(folder)) throw new TransferError(`${folder} exists already`);
  mkdirSync(path.join(folder, TABLES_DIR), { recursive: true });

  const sealed = sealedColumnsByTable();
  const counts: Record<string, number> = {};
  // One read transaction: the export is one moment of the tenant even while the server writes.
  await db.transaction().execute(async (tx) => {
    for (const table of carried(await tablesOf(tx))) {
      const out = createWriteStream(path.join(folder, TABLES_DIR, `${table.name}.jsonl`));
      const seal = sealed.get(table.name);
      let n = 0;
      let last: unknown = null;
      const keyed = table.columns.includes('id');
      for (;;) {
        // Pages by id where the table has one; link tables are small and read at once.
        let query = rowsQuery(tx, table, tenantId);
        if (keyed) {
          if (last !== null) query = query.where('id', '>', last as string);
          query = query.orderBy('id').limit(2000);
        }
        const rows = (await query.execute()) as Record<string, unknown>[];
        for (const row of rows) {
          if (seal) {
            for (const field of seal.fields) {
              const column = snake(field);
              if (row[column] !== null && row[column] !== undefined && row[column] !== '') row[column] = sealing.openColumn(seal.entity, field, row[column]);
            }
            for (const hash of seal.hashes) if (hash in row) row[hash] = null;
          }
          const line = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)]));
          if (!out.write(`${JSON.stringify(line)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          n++;
        }
        if (!keyed || rows.length < 2000) break;
        last = rows[rows.length - 1]?.id;
      }
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      counts[table.name] = n;
    }
  });

  const source = path.join(dataDir, FILES_DIR, tenantId);
  let files = 0;
  if (existsSync(source)) {
    cpSync(source, path.join(folder, FILES_DIR, tenantId), { recursive: true });
    files = countFiles(source);
  }
  const manifest: TransferManifest = {
    format: TRANSFER_FORMAT, tenantId, tenantName: String(tenant.tenant_name), createdAt: now.toISOString(),
    database: database.dialect, migrations: migrationNames(), tables: counts, files,
  };
  writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return n;
}

export function readManifest(folder: string): TransferManifest {
  const file = path.join(folder, MANIFEST);
  if (!existsSync(file)) throw new TransferError(`${folder} is not a tenant export (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as TransferManifest;
  if (manifest.format !== TRANSFER_FORMAT) throw new TransferError(`${folder}: export format ${manifest.format} is not ${TRANSFER_FORMAT}`);
  return manifest;
}

async function* rowsOf(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    yield Object.fromEntries(Object.entries(row).map(([k, v]) => [k, decodeValue(v)]));
  }
}

/**
 * Imports an export into this installation, which must not hold the tenant: all rows in one
 * transaction (a failure leaves nothing behind), then its values sealed under this installation's
 * keys, its identities' keyed hashes taken, and its files copied.
 */
export async function importTenant(
  database: Database, sealing: FieldSealing, identityKeys: IdentityKeys, dataDir: string, folder: string,
): Promise<{ tenantId: string; tables: Record<string, number>; files: number }> {
  const manifest = readManifest(folder);
  const { db, dialect } = database;
  const missing = manifest.migrations.filter((name) => !migrationNames().includes(name));
  if (missing.length > 0) throw new TransferError(`The export comes from a later release (migrations ${missing.join(', ')}): upgrade this installation first`);
  const existing = await db.selectFrom('blade_tenant').select('id').where('tenant_id', '=', manifest.tenantId).executeTakeFirst();
  if (existing) throw new TransferError(`Tenant ${manifest.tenantId} exists in this installation already: an import adds a tenant, it does not merge one`);
  const target = path.join(dataDir, FILES_DIR, manifest.tenantId);
  if (existsSync(target) && readdirSync(target).length > 0) throw new TransferError(`${target} holds files already`);

  const tables = await tablesOf(db);
  for (const name of Object.keys(manifest.tables)) {
    if (!tables.has(name)) throw new TransferError(`This installation has no table ${name}`);
  }
  const written: Record<string, number> = {};
  await db.transaction().execute(async (tx) => {
    for (const name of Object.keys(manifest.tables)) {
      const info = tables.get(name) as TableInfo;
      let batch: Record<string, unknown>[] = [];
      let n = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.insertInto(name).values(batch).execute();
        n += batch.length;
        batch = [];
      };
      for await (const row of rowsOf(path.join(folder, TABLES_DIR, `${name}.jsonl`))) {
        const unknown = Object.keys(row).filter((c) => !info.columns.includes(c));
        if (unknown.length > 0) throw new TransferError(`${name}: this installation has no column ${unknown.join(', ')}`);
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      if (n !== manifest.tables[name]) throw new TransferError(`${name}: ${n} rows read, the export says ${manifest.tables[name]}`);
      written[name] = n;
      // PostgreSQL: a serial column's sequence moves past the ids brought in.
      if (dialect === 'postgres') {
        for (const column of info.auto) {
          await sql`select setval(pg_get_serial_sequence(${name}, ${column}), greatest((select max(${sql.ref(column)}) from ${sql.table(name)}), 1))`.execute(tx);
        }
      }
    }
    // Values arrive opened: sealed under this installation's keys, with their keyed hashes.
    await sealStoredFields(tx, sealing, { within: true });
    await identityKeys.fill(tx);
  });

  const source = path.join(folder, FILES_DIR, manifest.tenantId);
  if (existsSync(source)) cpSync(source, target, { recursive: true });
  return { tenantId: manifest.tenantId, tables: written, files: existsSync(source) ? countFiles(source) : 0 };
}
