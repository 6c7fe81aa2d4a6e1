import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { EntityDef, GeneratedCode, GeneratedFile } from '@alumni/domain';
import { applyAddition } from '../modules/develop/codegen/generate-code.js';
import { AWARD_TABLE, postgresSource, sqliteSource } from './develop-sources.js';
import { LOCAL_SERVICES } from './local-services.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The repository's root. */
export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers differ per call; each step reads what it needs
type Json = Record<string, any>;

/** What the generator answered for the award model, and the zip file of the same setting. */
export interface GeneratedAward {
  code: GeneratedCode;
  zip: Buffer;
}

/**
 * Generates the award entity through the API as a developer would: a fresh table in a data source
 * (a SQLite file, or a PostgreSQL schema with Chinese comments when the product runs on PostgreSQL),
 * a data source, a model of the table, its fields proposed and adjusted (a dictionary, searches), a
 * code setting, then `gen-code` and `gen-code-zip`. A step that fails throws with the answer.
 */
export async function generateAward(dialect: 'sqlite' | 'postgres'): Promise<GeneratedAward> {
  // The data source is this machine's PostgreSQL on loopback, which the operator allows here.
  const t = await startTestApp(dialect, LOCAL_SERVICES);
  const source = dialect === 'postgres'
    ? await postgresSource(AWARD_TABLE.postgres)
    : { ...sqliteSource(`generated-${process.pid}-${Math.random().toString(36).slice(2, 8)}`, AWARD_TABLE.sqlite), username: '', password: '', drop: async () => undefined };
  try {
    const admin = await t.signIn('admin');
    const data = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Json> => {
      const res = await t.call(method, url, admin, body);
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
      return res.json().data as Json;
    };
    const datasource = await data('POST', '/api/blade-develop/datasource/submit', {
      name: '奖项来源', driverClass: source.driverClass, url: source.url, username: source.username, password: source.password,
    });
    const model = await data('POST', '/api/blade-develop/model/submit', { datasourceId: datasource.id, modelName: '荣誉奖项', modelCode: 'award', modelTable: 'alumni_award', modelClass: 'Award' });
    const fields = await data('GET', `/api/blade-develop/model/model-prototype?modelId=${model.id}`) as unknown as Json[];
    const design: Record<string, Json> = {
      awardLevel: { propertyType: 'dict', dictCode: 'sex', isQuery: 1, queryType: 'equal', commentEn: 'Level' },
      awardYear: { isQuery: 1, queryType: 'range' },
      awardDate: { isQuery: 1, queryType: 'range' },
      amount: { isRequired: 0 },
    };
    await data('POST', '/api/blade-develop/model-prototype/submit-list', fields.map((f) => ({ ...f, ...design[f.propertyName as string] })));
    const code = await data('POST', '/api/blade-develop/code/submit', {
      modelId: model.id, codeName: '荣誉奖项', codeNameEn: 'Awards', serviceName: 'blade-award', tableName: 'alumni_award', tablePrefix: 'alumni_',
      packageName: 'award', apiPath: '/blade-award/award', webPath: '/alumni/award', author: '校友办',
    });
    const [generated] = await data('POST', `/api/blade-develop/code/gen-code?ids=${code.id}&system=all`) as unknown as GeneratedCode[];
    const zip = await t.call('GET', `/api/blade-develop/code/gen-code-zip?ids=${code.id}`, admin);
    if (zip.statusCode !== 200) throw new Error(`gen-code-zip: ${zip.body}`);
    return { code: generated as GeneratedCode, zip: zip.rawPayload };
  } finally {
    await t.close();
    await source.drop();
  }
}

/**
 * A folder laid over the repository: the generated files written at their paths, every other entry
 * of the folders on their way a link to the repository's own, so relative imports reach the product.
 */
export class Overlay {
  readonly root: string;

  constructor(name: string) {
    this.root = path.join(REPO, '.tmp', name);
    rmSync(this.root, { recursive: true, force: true });
    mkdirSync(this.root, { recursive: true });
  }

  /** Makes the folders of `rel` real ones, linking the repository's other entries beside them. */
  private open(rel: string): void {
    const parts = path.dirname(rel).split('/').filter((p) => p !== '.' && p !== '');
    let here = '';
    for (const dir of ['', ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))]) {
      here = dir;
      const own = path.join(this.root, here);
      if (existsSync(own) && lstatSync(own).isSymbolicLink()) rmSync(own);
      mkdirSync(own, { recursive: true });
      const real = path.join(REPO, here);
      if (!existsSync(real)) continue;
      for (const entry of readdirSync(real)) {
        if (entry.startsWith('.')) continue;
        const next = parts[here === '' ? 0 : here.split('/').length];
        const mine = path.join(own, entry);
        if (entry === next || existsSync(mine) || lstatSync(mine, { throwIfNoEntry: false })) continue;
        symlinkSync(path.join(real, entry), mine);
      }
    }
  }

  write(rel: string, content: string): string {
    this.open(rel);
    const file = path.join(this.root, rel);
    if (lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) rmSync(file);
    writeFileSync(file, content);
    return file;
  }

  /** A copy of the repository's file with the generated lines added where they say. */
  add(rel: string, additions: readonly GeneratedFile[]): string {
    const own = path.join(this.root, rel);
    const current = lstatSync(own, { throwIfNoEntry: false })?.isFile() ? readFileSync(own, 'utf8') : readFileSync(path.join(REPO, rel), 'utf8');
    return this.write(rel, additions.reduce(applyAddition, current));
  }

  path(rel: string): string {
    return path.join(this.root, rel);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Writes the generated files and the domain's additions (registry and index) into an overlay. */
export function writeGenerated(overlay: Overlay, code: GeneratedCode): { definition: string; migration: string; page: string } {
  const byRole = (role: GeneratedFile['role']) => code.files.filter((f) => f.role === role);
  for (const file of code.files.filter((f) => f.kind === 'file')) overlay.write(file.path, file.content);
  for (const role of ['registry', 'index'] as const) {
    const additions = byRole(role);
    if (additions.length > 0) overlay.add(additions[0]!.path, additions);
  }
  const only = (role: GeneratedFile['role']) => {
    const found = byRole(role).find((f) => f.kind === 'file');
    if (!found) throw new Error(`no ${role} was generated`);
    return found.path;
  };
  return { definition: only('definition'), migration: only('migration'), page: only('page') };
}

const run = promisify(execFile);

/** Type-checks files of the overlay with the product's compiler settings (`web` for the web app's); answers the compiler's output. */
export async function typeCheck(overlay: Overlay, files: string[], kind: 'node' | 'web'): Promise<{ ok: boolean; output: string }> {
  const domain = overlay.path('packages/domain/src/index.ts');
  const options = kind === 'node'
    ? { noEmit: true, declaration: false, sourceMap: false, lib: ['ES2023'], types: ['node'], paths: { '@alumni/domain': [domain] } }
    : {
      noEmit: true, target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx',
      declaration: false, sourceMap: false, types: ['vite/client'], paths: { '@alumni/domain': [domain] },
    };
  const config = overlay.write(`tsconfig.${kind}.json`, JSON.stringify({
    extends: path.join(REPO, 'tsconfig.base.json'), compilerOptions: options, files: files.map((f) => overlay.path(f)),
  }, null, 2));
  try {
    const { stdout } = await run(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', config], { cwd: overlay.root, maxBuffer: 16 * 1024 * 1024 });
    return { ok: true, output: stdout };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** The generated definition, loaded from the overlay (its imports reach the product's own modules). */
export async function loadDefinition(overlay: Overlay, rel: string, exportName: string): Promise<EntityDef> {
  const module = await import(pathToFileURL(overlay.path(rel)).href) as Record<string, EntityDef>;
  const entity = module[exportName];
  if (!entity) throw new Error(`${rel} exports no ${exportName}`);
  return entity;
}

/**
 * The generated migration, bundled with esbuild from the overlay: `@alumni/domain` is the overlay's
 * domain package (the index with the generated export added), packages stay the product's own.
 */
export async function loadMigration(overlay: Overlay, rel: string): Promise<{ up(db: unknown, dialect: unknown): Promise<void> }> {
  const { build } = await import('esbuild');
  const outfile = overlay.path('out/migration.mjs');
  await build({
    entryPoints: [overlay.path(rel)], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent',
    plugins: [{
      name: 'overlay-domain',
      setup(b) {
        b.onResolve({ filter: /^@alumni\/domain$/ }, () => ({ path: overlay.path('packages/domain/src/index.ts') }));
      },
    }],
  });
  return await import(pathToFileURL(outfile).href) as { up(db: unknown, dialect: unknown): Promise<void> };
}

/** A test app serving the generated entity, its table and menu made by the generated migration. */
export async function appWithGenerated(dialect: 'sqlite' | 'postgres', entity: EntityDef, migration: { up(db: unknown, dialect: unknown): Promise<void> }): Promise<TestApp> {
  const t = await startTestApp(dialect, {}, { extraEntities: [entity] });
  const { db } = t.app.services.database;
  await db.transaction().execute((tx) => migration.up(tx, t.app.services.database.dialect));
  t.app.services.access.invalidate();
  return t;
}
