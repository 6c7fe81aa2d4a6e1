import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * A PostgreSQL test server whose connections carry a name of their own (`PGAPPNAME`), so a test can
 * find or end exactly them while other test files use the same database, and a plain client beside it.
 * Registers its start and end with the describe block it is called in.
 */
export function useNamedPostgresApp(prefix: string): { appName: string; app: () => TestApp; client: () => pg.Client } {
  let t: TestApp | undefined;
  let other: pg.Client | undefined;
  const appName = `${prefix}-${process.pid}-${Date.now()}`;
  const before = process.env.PGAPPNAME;
  beforeAll(async () => {
    process.env.PGAPPNAME = appName;
    t = await startTestApp('postgres');
    other = new pg.Client({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '' });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
    if (before === undefined) delete process.env.PGAPPNAME;
    else process.env.PGAPPNAME = before;
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test server has not started');
    return value;
  };
  return { appName, app: () => started(t), client: () => started(other) };
}
