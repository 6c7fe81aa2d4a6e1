import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addBenchClient } from './sign-in.js';

const api = (file: string) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist', file);
const { loadConfig } = await import(api('config.js')) as typeof import('../../apps/api/src/config.js');
const { buildApp } = await import(api('app.js')) as typeof import('../../apps/api/src/app.js');

const CLIENT = `Basic ${Buffer.from('bench:bench_secret').toString('base64')}`;

export type BenchApp = Awaited<ReturnType<typeof buildApp>>['app'];

/**
 * The built API in-process with the demo school, on SQLite in a temporary folder or on PostgreSQL
 * in a schema of its own; `close` drops both, but a data folder given as `keptDataDir`, which a
 * server process may open afterwards. `signIn` answers the headers of a demo account. `build` is
 * passed to `buildApp` (the audit benchmark builds one app without the audit trail).
 */
export async function startBenchApp(
  dialect: 'sqlite' | 'postgres', name: string, pgUrl: string,
  options: { keptDataDir?: string; env?: Record<string, string>; build?: Parameters<typeof buildApp>[1] } = {},
) {
  const dataDir = options.keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), `alumni-${name}-bench-`));
  const env: Record<string, string> = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...options.env };
  const schema = `bench_${name}_${process.pid}`;
  const onSchema = async (statement: string) => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  if (dialect === 'postgres') {
    await onSchema(`drop schema if exists ${schema} cascade`);
    await onSchema(`create schema ${schema}`);
    env.DATABASE_URL = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const { app } = await buildApp(loadConfig(env), options.build);
  await addBenchClient(app.services.database.db);
  return {
    app,
    /** The environment the app was configured from: a worker process given it shares its database and keys. */
    env,
    /** Headers of a signed-in demo account; answers come plain (no encrypted bodies to read). */
    async signIn(account = 'admin'): Promise<Record<string, string>> {
      const md5 = createHash('md5').update('Xy@123456').digest('hex');
      const res = await app.inject({
        method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: account, password: md5, grant_type: 'password', scope: 'all', type: 'account' })}`,
        headers: { authorization: CLIENT, 'tenant-id': '000000' },
      });
      const token = (res.json() as { access_token: string }).access_token;
      return { 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN', 'blade-crypto': 'plain' };
    },
    async close(): Promise<void> {
      await app.close();
      if (!options.keptDataDir) rmSync(dataDir, { recursive: true, force: true });
      if (dialect === 'postgres') await onSchema(`drop schema if exists ${schema} cascade`);
    },
  };
}
