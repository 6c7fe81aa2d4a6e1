import { PostgresIntrospector, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** PostgreSQL's catalog read of an installation stays in its own schema (other installations may share the database). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the catalog of the current schema on postgres', () => {
  let t: TestApp;
  const other = `other_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    // Another installation in the same database, made beside this one's schema.
    const { db } = t.app.services.database;
    await sql.raw(`create schema ${other}; create table ${other}.app_migration (name text); create table ${other}.foreign_rows (id int)`).execute(db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the installation's own tables with their columns, and nothing of another schema", async () => {
    const { db } = t.app.services.database;
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
    expect(tables.map((table) => table.name)).not.toContain('foreign_rows');
    const param = tables.find((table) => table.name === 'blade_param');
    expect(param?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'tenant_id', 'param_key', 'is_deleted']));
    expect(param?.columns.find((c) => c.name === 'id')).toMatchObject({ dataType: 'int8', isNullable: false });
    expect(await db.introspection.getSchemas()).toEqual([{ name: schema }]);
    // Kysely's own introspection would have read the other schema too (the catalog read this replaces).
    expect((await new PostgresIntrospector(db).getTables()).map((table) => table.name)).toContain('foreign_rows');
  });
});
