import { routedEntities, type EntityDef } from '@alumni/domain';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'kysely';

/**
 * Shared parts of the standing security suite (route-guard.test.ts, fuzz.test.ts): the route table
 * of the running app, real-looking parameters, answer classification and table snapshots.
 *
 * The route table is collected with an `onRoute` hook. `buildApp` registers the API before
 * `startTestApp`'s `beforeReady` runs (`await app.register(apiRoutes)`), so a hook added there
 * would see no route at all; the test files therefore wrap the `fastify` factory with `vi.mock`
 * (see `withRouteTable`), which adds the hook to every instance the moment it is created. Every
 * route registered by the product, today or tomorrow, lands in the table.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

export interface RouteEntry {
  method: Method;
  /** The full URL pattern, e.g. `/api/blade-system/post/list`. */
  url: string;
  /** `config.public` (or under /api/docs, which the auth hook lets through by prefix). */
  isPublic: boolean;
  /** Query parameters the route documents, and those it requires. */
  query: { names: string[]; required: string[] };
  /** JSON body fields the route documents (none when it documents no body). */
  body: { names: string[]; required: string[] } | null;
  consumes: string[];
  /** The menus the route declares it serves (`config.menus`, read once every route is registered). */
  readonly menus: readonly string[];
}

const TABLE = Symbol.for('alumni.security.routeTable');

interface JsonSchemaLike { properties?: Record<string, unknown>; required?: string[] }

function schemaPart(schema: unknown): { names: string[]; required: string[] } | null {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as JsonSchemaLike;
  return { names: Object.keys(s.properties ?? {}), required: [...(s.required ?? [])] };
}

/** Records every route of `app` (added before any plugin registers, so nothing escapes it). */
function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  (app as unknown as Record<symbol, RouteEntry[]>)[TABLE] = table;
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { public?: boolean };
    const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown; consumes?: string[] };
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's automatic mirrors of the GET routes, which are called instead.
      if (method === 'HEAD') continue;
      if (!route.url.startsWith('/api/') && route.url !== '/api') continue;
      table.push({
        method: method as Method,
        url: route.url,
        isPublic: config.public === true || route.url.startsWith('/api/docs'),
        query: schemaPart(schema.querystring) ?? { names: [], required: [] },
        body: schemaPart(schema.body),
        consumes: schema.consumes ?? [],
        // Later onRoute hooks (the declared grants) may still set the config: read it when asked.
        get menus() {
          return ((route.config ?? {}) as { menus?: readonly string[] }).menus ?? [];
        },
      });
    }
  });
}

/**
 * The `vi.mock('fastify', …)` factory body: the module with its factory wrapped so that every
 * instance records its routes. Use in a test file as
 * `vi.mock('fastify', async (original) => (await import('./route-table.js')).withRouteTable(await original()))`.
 */
export function withRouteTable<M extends Record<string, unknown>>(mod: M): M {
  const original = (mod.default ?? mod.fastify) as (...args: unknown[]) => FastifyInstance;
  const wrapped = Object.assign((...args: unknown[]) => {
    const app = original(...args);
    recordRoutes(app);
    return app;
  }, original);
  return { ...mod, default: wrapped, fastify: wrapped };
}

/** The /api routes of an app built while `fastify` was wrapped, sorted, without duplicates. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const table = (app as unknown as Record<symbol, RouteEntry[] | undefined>)[TABLE];
  if (!table) throw new Error('no route table: the test file must vi.mock fastify with withRouteTable');
  const seen = new Set<string>();
  return table.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** The entity whose base path a route lives under (the longest match), if any. */
export function entityOfRoute(url: string): EntityDef | null {
  let best: EntityDef | null = null;
  for (const e of routedEntities()) {
    const base = `/api${e.api?.base ?? ''}`;
    if (e.api && url.startsWith(`${base}/`) && (!best || base.length > `/api${best.api?.base}`.length)) best = e;
  }
  return best;
}

/** Fills path parameters (`:id`, `*`) with a real-looking value. */
export const fillPath = (url: string, id = '1'): string => url.replace(/:[A-Za-z_]\w*/g, id).replace(/\*$/, 'x');

/** A one-line summary of a request body for failure messages. */
export function summarize(payload: unknown, max = 160): string {
  if (payload === undefined) return '(no body)';
  let text: string;
  if (Buffer.isBuffer(payload)) text = `<${payload.length} bytes> ${payload.toString('latin1')}`;
  else if (typeof payload === 'string') text = payload;
  else {
    try {
      text = JSON.stringify(payload);
    } catch {
      text = String(payload);
    }
  }
  // eslint-disable-next-line no-control-regex -- shown escaped so a NUL is visible in the report
  text = text.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

/** The answer in one line: status and the start of the body. */
export const answerOf = (res: LightMyRequestResponse, max = 300): string =>
  `${res.statusCode} ${summarize(res.body, max)}`;

/** Whether a value carries anything (numbers alone, such as page totals, do not; `true` does). */
export function carriesData(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return false;
  if (typeof value === 'number') return false;
  if (Array.isArray(value)) return value.some((v) => v !== null && v !== undefined);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).some(carriesData);
  return true;
}

/**
 * Whether an answer hands data to its caller: a 2xx whose envelope says success with non-empty
 * `data`, or a 2xx that is no envelope at all but has a body (a file, a page).
 */
export function answeredData(res: LightMyRequestResponse): boolean {
  if (res.statusCode < 200 || res.statusCode >= 300) return false;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return res.body.length > 0;
  }
  if (body && typeof body === 'object' && 'success' in body) {
    const envelope = body as { success: unknown; data?: unknown };
    if (envelope.success === false || envelope.success === 'false') return false;
    return carriesData(envelope.data);
  }
  return carriesData(body);
}

/**
 * Whether an answer is a clean refusal: 400, 401, 403 or 404, `success: false`, and no data beyond
 * the per-field error messages of a 400.
 */
export function refusedCleanly(res: LightMyRequestResponse): boolean {
  if (![400, 401, 403, 404].includes(res.statusCode)) return false;
  let body: { success?: unknown; data?: unknown } | null;
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return false;
  }
  if (!body || body.success !== false) return false;
  const data = body.data as Record<string, unknown> | null | undefined;
  if (data === null || data === undefined) return true;
  return typeof data === 'object' && Object.keys(data).every((k) => k === 'errors');
}

/** Live row ids of a table, newest first, skipping `except`. */
export async function liveIds(app: FastifyInstance, table: string, except: ReadonlySet<string> = new Set(), limit = 3): Promise<string[]> {
  const { db } = app.services.database;
  try {
    const rows = await db.selectFrom(table).select('id').where('is_deleted', '=', 0).orderBy('id', 'desc').limit(limit + except.size).execute();
    return rows.map((r) => String(r.id)).filter((id) => !except.has(id)).slice(0, limit);
  } catch {
    return [];
  }
}

/**
 * Row counts of every table that is not a log (name containing `log`) nor the migration
 * bookkeeping: `count(*)` and, where the column exists, `sum(is_deleted)`. Prepared once; each
 * snapshot is one SQL statement.
 */
export async function snapshotter(app: FastifyInstance, except: ReadonlySet<string> = new Set()): Promise<{
  tables: string[];
  take(): Promise<Record<string, string>>;
  /** A mark that moves whenever anything may have been written (cheap, to skip \`take\` when nothing was). */
  mark(): Promise<string>;
}> {
  const { db, dialect } = app.services.database;
  const columns = dialect === 'sqlite'
    ? (await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db)).rows
    : (await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`.execute(db)).rows;
  const byTable = new Map<string, Set<string>>();
  for (const { t, c } of columns) {
    if (/log/i.test(t) || /^app_migration/i.test(t) || /^kysely_/i.test(t) || except.has(t)) continue;
    if (!byTable.has(t)) byTable.set(t, new Set());
    byTable.get(t)?.add(c);
  }
  const tables = [...byTable.keys()].sort();
  const parts: string[] = [];
  // One scan per table: "rows/soft-deleted rows" as text.
  for (const table of tables) {
    const deleted = byTable.get(table)?.has('is_deleted') ? 'coalesce(sum(is_deleted), 0)' : '0';
    parts.push(`(select count(*) || '/' || ${deleted} from "${table}") as "${table}"`);
  }
  const statement = sql.raw(`select ${parts.join(', ')}`);
  // SQLite: the rows this connection (the writer) has changed, and the commits of any other connection;
  // PostgreSQL: the next transaction id, which any writing transaction moves.
  const marker = sql.raw<{ mark: unknown }>(dialect === 'sqlite'
    ? "select total_changes() || '/' || (select data_version from pragma_data_version) as mark"
    : 'select pg_snapshot_xmax(pg_current_snapshot())::text as mark');
  return {
    tables,
    async mark() {
      return String((await marker.execute(db)).rows[0]?.mark);
    },
    async take() {
      const row = (await statement.execute(db)).rows[0] as Record<string, unknown>;
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(row)) out[k] = String(v);
      return out;
    },
  };
}

/** The tables whose counts differ between two snapshots, as `table rows/deleted before→after`. */
export function snapshotDiff(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((k) => before[k] !== after[k]).map((k) => `${k} ${before[k]}→${after[k]}`);
}

/** An inject raced against a time limit: `null` when it did not answer in time (a hang). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), ms); });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
