import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isCryptoPath, type EntityDef } from '@alumni/domain';
import { buildApp } from '../app.js';
import { cryptoAnswerPaths, decryptText } from '../core/body-crypto.js';
import { loadConfig, type Config } from '../config.js';
import { md5Hex } from '../auth/password.js';
import { ADMIN_USER_ID, ROOT_DEPT_ID, menuIdsByCode } from '../seed/platform-seed.js';
import { SeedWriter } from '../seed/seed-writer.js';
import { copyPostgresTemplate, copySqliteTemplate, runFolder, templateFor, templateServes, type MadeTemplate } from './test-database-template.js';

export type TestDialect = 'sqlite' | 'postgres';

/** Abuse limits high enough for a suite that signs in many times from 127.0.0.1. */
export const RELAXED_LIMITS: Record<string, string> = {
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000', RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000000',
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000', RATE_LIMIT_SELF_SERVICE_PER_MINUTE: '1000000',
};

/** The dialects the API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDialects = (): TestDialect[] => (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);

/**
 * The test harness signs in through its own OAuth client, given the password grant (which skips the
 * captcha); the demo client `saber` has the captcha grant only.
 */
export const TEST_CLIENT = { clientId: 'harness', clientSecret: 'harness_secret' };
export const CLIENT_HEADER = `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:${TEST_CLIENT.clientSecret}`).toString('base64')}`;
export const SABER_HEADER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const DEMO_PASSWORD = 'Xy@123456';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Signs in with the password grant and answers the access token. */
  signIn(account: string, password?: string, tenantId?: string): Promise<string>;
  /**
   * Creates (as the given administrator) a user of tenant 000000 whose only role holds no menu at
   * all, signs them in and answers their token: the caller every permission test refuses.
   */
  signInWithoutGrants(adminToken: string): Promise<string>;
  /** Like `signInWithoutGrants`, with a role holding exactly these menu and button codes (all data visible). */
  signInWithCodes(adminToken: string, codes: string[]): Promise<string>;
  /**
   * Calls the API as the holder of `token` (or anonymously). An encrypted answer of a crypto route
   * (PROTOCOL 9) reads decrypted: its `body`, `payload` and `json()` are the envelope's JSON.
   */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string | null, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The response with its encrypted body read as the plain text it carries. */
function decryptedAnswer(res: LightMyRequestResponse, key: string): LightMyRequestResponse {
  const text = decryptText(res.body, key);
  return Object.assign(res, { body: text, payload: text, rawPayload: Buffer.from(text, 'utf8'), json: () => JSON.parse(text) as unknown });
}

/** The OAuth client the harness signs in with (see TEST_CLIENT). */
async function addHarnessClient(app: FastifyInstance): Promise<void> {
  await new SeedWriter(app.services.database.db, ADMIN_USER_ID).insert('blade_client', {
    ...TEST_CLIENT, scope: 'all', authorizedGrantTypes: 'password,refresh_token,captcha', webServerRedirectUri: '',
    accessTokenValidity: 3600, refreshTokenValidity: 604800, autoapprove: 'true',
  });
}

/** Where a test app's data lives: its settings, a name unique to it, and how to drop it afterwards. */
interface TestPlace {
  env: Record<string, string>;
  name: string;
  fromTemplate: boolean;
  drop: (() => Promise<void>) | null;
}

/** A new empty database: a new SQLite folder, or a new schema in the PostgreSQL test database. */
async function freshPlace(dialect: TestDialect): Promise<TestPlace> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alumni-test-'));
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (dialect === 'sqlite') return { env: { DATA_DIR: dataDir }, name, fromTemplate: false, drop: null };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${name}`);
  await admin.end();
  const sep = url.includes('?') ? '&' : '?';
  return {
    // pg-boss keeps its tables beside the test's, so they go with the schema.
    env: { DATA_DIR: dataDir, DATABASE_URL: `${url}${sep}options=${encodeURIComponent(`-c search_path=${name}`)}`, JOB_SCHEMA: name },
    name,
    fromTemplate: false,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${name} cascade`);
      await c.end();
    },
  };
}

/** Makes the run's template of a dialect in `folder`, or answers the one made already. */
export function makeTemplate(folder: string, dialect: TestDialect, wait = false): Promise<MadeTemplate | null> {
  return templateFor(folder, dialect, async (place) => {
    // Jobs the seed queues stay queued in the template, so each copy runs them as a fresh start does.
    const config = loadConfig({ LOG_LEVEL: 'error', SEED_DEMO: 'true', JOB_RUN: 'false', ...place.env });
    const { app } = await buildApp(config);
    await app.ready();
    await addHarnessClient(app);
    await app.close();
  }, wait);
}

/**
 * A copy of the run's migrated and seeded database (test-database-template.ts); a fresh database
 * outside a run that has a template folder, or while another worker is still making the template.
 */
async function templatePlace(dialect: TestDialect): Promise<TestPlace> {
  const folder = runFolder();
  if (!folder) return freshPlace(dialect);
  const made = await makeTemplate(folder, dialect);
  if (!made) return freshPlace(dialect);
  if (dialect === 'sqlite') {
    return { env: { DATA_DIR: copySqliteTemplate(made) }, name: `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`, fromTemplate: true, drop: null };
  }
  const copy = await copyPostgresTemplate(made);
  return { env: copy.env, name: copy.name, fromTemplate: true, drop: copy.drop };
}

/**
 * A fresh product on a database of its own: a copy of the run's template (the usual start), or a new
 * SQLite file or PostgreSQL schema migrated and seeded now (a test that sets what the database holds).
 * It is dropped afterwards. The demo data is seeded on both, so tests meet the same accounts.
 */
export async function startTestApp(
  dialect: TestDialect = 'sqlite',
  env: Record<string, string> = {},
  options: { beforeReady?: (app: FastifyInstance) => void; extraEntities?: readonly EntityDef[] } = {},
): Promise<TestApp> {
  // The suite signs in hundreds of times from one address: the abuse limits are raised unless a test sets them.
  const settings: Record<string, string> = { LOG_LEVEL: 'error', SEED_DEMO: 'true', ...RELAXED_LIMITS, ...env };
  const place = templateServes(env, (options.extraEntities?.length ?? 0) > 0)
    ? await templatePlace(dialect)
    : await freshPlace(dialect);
  const base: Record<string, string> = { ...settings, ...place.env };
  if (dialect === 'postgres') {
    base.DATABASE_POOL_SIZE = '4';
    // The scaled configuration: PostgreSQL with Redis holding captchas, lockouts and revocations.
    if (process.env.TEST_REDIS_URL) {
      base.REDIS_URL = process.env.TEST_REDIS_URL;
      base.REDIS_KEY_PREFIX = `${place.name}:`;
    }
  }
  const dataDir = base.DATA_DIR as string;
  const dropSchema = place.drop;
  const config = loadConfig(base);
  const { app } = await buildApp(config, { extraEntities: options.extraEntities });
  options.beforeReady?.(app);
  await app.ready();
  if (!place.fromTemplate) await addHarnessClient(app);

  const cryptoAnswers = cryptoAnswerPaths();
  const call: TestApp['call'] = async (method, url, token, body, headers = {}) => {
    const res = await app.inject({
      method, url,
      headers: { ...(token ? { 'blade-auth': `bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const path = url.split('?')[0] as string;
    const encrypted = String(res.headers['content-type'] ?? '').startsWith('text/plain')
      && path.startsWith('/api/') && isCryptoPath(cryptoAnswers, path.slice('/api'.length));
    return encrypted ? decryptedAnswer(res, config.apiCryptoKey) : res;
  };

  const signIn: TestApp['signIn'] = async (account, password = DEMO_PASSWORD, tenantId = '000000') => {
    const query = new URLSearchParams({ tenantId, username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' });
    const res = await app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers: { authorization: CLIENT_HEADER, 'tenant-id': tenantId } });
    const json = res.json() as { access_token?: string; error_description?: string };
    if (!json.access_token) throw new Error(`sign-in of ${account} failed: ${res.body}`);
    return json.access_token;
  };

  const created = async (url: string, token: string, body: object): Promise<{ id: string }> => {
    const res = await call('POST', url, token, body);
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.body}`);
    return (res.json() as { data: { id: string } }).data;
  };

  const signInWithCodes: TestApp['signInWithCodes'] = async (adminToken, codes) => {
    const tag = Math.random().toString(36).slice(2, 10);
    const role = await created('/api/blade-system/role/submit', adminToken, { parentId: '0', roleName: `测试角色${tag}`, roleAlias: `test_${tag}`, sort: 99 });
    if (codes.length > 0) {
      const menus = menuIdsByCode();
      const menuIds = codes.map((code) => {
        const id = menus.get(code);
        if (!id) throw new Error(`no menu or button ${code}`);
        return id;
      });
      const grant = await call('POST', '/api/blade-system/role/grant', adminToken, { roleIds: role.id, menuIds: menuIds.join(',') });
      if (grant.statusCode !== 200) throw new Error(`granting ${codes.join(',')} failed: ${grant.body}`);
    }
    const account = `role${tag}`;
    await created('/api/blade-user/submit', adminToken, { account, name: account, realName: '测试用户', roleId: role.id, deptId: ROOT_DEPT_ID });
    return signIn(account);
  };

  const signInWithoutGrants: TestApp['signInWithoutGrants'] = (adminToken) => signInWithCodes(adminToken, []);

  return {
    app, config, call, signIn, signInWithoutGrants, signInWithCodes,
    async close() {
      if (base.REDIS_URL) await app.services.store.deletePrefix('');
      await app.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
