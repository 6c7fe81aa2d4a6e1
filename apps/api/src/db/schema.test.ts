import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASE_FIELDS, encryptedFields, ENTITIES, hashColumnOf, snake } from '@alumni/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { migrate } from './migrate.js';
import { searchedFields, searchTable } from './search-index.js';
import { STUDENT_TALLIES } from './migrations/020-student-tallies.js';
import { DONATION_TALLY_TABLES, VISIT_TALLY_TABLES } from './migrations/031-visit-donation-tallies.js';
import { CONSENT_LOG_TABLE } from './migrations/023-consent-log.js';
import { AUDIT_TABLE } from './migrations/037-audit-trail.js';
import { LIST_SETTING_TABLE } from './migrations/074-list-settings.js';
import { ROLE_FIELD_TABLE } from './migrations/073-role-field-rules.js';
import { LATER_MENUS, up as addLaterMenus } from './migrations/040-menus-of-later-modules.js';
import { FLOW_ACTIVITY_TABLE, FLOW_DEFINITION_TABLE, FLOW_INSTANCE_TABLE, PROCESS_LEAVE_TABLE } from './migrations/027-workflow.js';

/** SQLite's FTS5 search tables of the entities with "contains" fields, with the tables FTS5 keeps beside each. */
const SEARCH_TABLES = ENTITIES.filter((e) => searchedFields(e).length > 0)
  .flatMap((e) => ['', '_config', '_data', '_docsize', '_idx'].map((suffix) => `${searchTable(e)}${suffix}`));

const BASE_COLUMNS = Object.keys(BASE_FIELDS).map(snake);

describe.each(testDialects())('schema on %s', (dialect) => {
  let t: TestApp;
  let columns: Map<string, string[]>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { db } = t.app.services.database;
    const schema = dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
    const tables = await db.introspection.getTables();
    columns = new Map(tables.filter((tb) => dialect === 'sqlite' || tb.schema === schema).map((tb) => [tb.name, tb.columns.map((c) => c.name)]));
  });
  afterAll(async () => t?.close());

  it.each(ENTITIES.map((e) => [e.table, e] as const))('gives %s exactly the base columns and its fields (with the hash of each encrypted one)', (_table, entity) => {
    const expected = new Set([...BASE_COLUMNS, ...Object.keys(entity.fields).map(snake), ...encryptedFields(entity).map(([name]) => hashColumnOf(snake(name)))]);
    expect(columns.get(entity.table)?.sort()).toEqual([...expected].sort());
  });

  it('creates the link tables and the migration bookkeeping', () => {
    expect(columns.get('blade_role_menu')?.sort()).toEqual(['id', 'menu_id', 'role_id']);
    expect(columns.get('blade_top_menu_setting')?.sort()).toEqual(['id', 'menu_id', 'top_menu_id']);
    expect(columns.get('blade_role_scope')?.sort()).toEqual(['id', 'role_id', 'scope_category', 'scope_id']);
    expect(columns.get('blade_user_oauth')?.sort()).toEqual(['create_time', 'id', 'source', 'tenant_id', 'user_id', 'uuid']);
    expect(columns.get(LIST_SETTING_TABLE)?.sort()).toEqual(['columns', 'id', 'list_key', 'tenant_id', 'update_time', 'user_id']);
    expect(columns.get(ROLE_FIELD_TABLE)?.sort()).toEqual(['create_time', 'create_user', 'entity', 'field', 'id', 'mode', 'role_id', 'tenant_id']);
    expect(columns.has('app_migration')).toBe(true);
  });

  it('creates the audit trail', () => {
    expect(columns.get(AUDIT_TABLE)?.sort()).toEqual([
      'account', 'action', 'diff', 'entity', 'id', 'ip', 'record_id', 'record_title', 'request_id', 'tenant_id', 'time', 'user_id', 'user_name',
    ]);
  });

  it('creates no table that no entity or link explains', () => {
    const known = new Set([...ENTITIES.map((e) => e.table), 'blade_role_menu', 'blade_top_menu_setting', 'blade_send_record', 'blade_notice_read', 'portal_session', 'portal_visibility', 'portal_consent', 'alumni_act_ticket', 'alumni_act_check_in_scan', 'blade_user_platform', 'blade_user_oauth', 'blade_role_scope', 'app_user_session', 'app_online_session', 'app_sequence', 'alumni_examine_log', 'alumni_identity_key', CONSENT_LOG_TABLE, AUDIT_TABLE, ROLE_FIELD_TABLE,
      LIST_SETTING_TABLE, 'alumni_donation_fund_tally', 'alumni_donation_reminder', 'alumni_engagement', 'alumni_engagement_trend', 'alumni_engagement_weight', FLOW_DEFINITION_TABLE, FLOW_INSTANCE_TABLE, FLOW_ACTIVITY_TABLE, PROCESS_LEAVE_TABLE, 'app_migration', 'app_migration_lock', 'app_job_progress', 'app_bladex_import_map', 'app_bladex_import_run', ...(dialect === 'sqlite' ? ['app_job'] : []), ...Object.values(STUDENT_TALLIES), ...Object.values(VISIT_TALLY_TABLES), ...Object.values(DONATION_TALLY_TABLES), ...(dialect === 'sqlite' ? SEARCH_TABLES : [])]);
    // pg-boss keeps its tables beside the test's (JOB_SCHEMA is the test schema) once a job is queued.
    const jobTables = (name: string) => dialect === 'postgres' && (['job', 'queue', 'schedule', 'subscription', 'version', 'archive'].includes(name) || /^j[0-9a-f]{56}$/.test(name));
    expect([...columns.keys()].filter((name) => !known.has(name) && !jobTables(name))).toEqual([]);
  });

  it('applies nothing when the migrations run again', async () => {
    expect(await migrate(t.app.services.database)).toEqual([]);
  });

  it('gives a database seeded before the later modules their menus, under their parents and top menus', async () => {
    const { db } = t.app.services.database;
    const menuRows = () => db.selectFrom('blade_menu').select(['id', 'parent_id', 'code', 'path']).where('is_deleted', '=', 0).orderBy('id').execute();
    const topLinks = () => db.selectFrom('blade_top_menu_setting as s').innerJoin('blade_top_menu as t', 't.id', 's.top_menu_id')
      .innerJoin('blade_menu as m', 'm.id', 's.menu_id').select(['t.code as top', 'm.code as menu']).orderBy('t.code').orderBy('m.code').execute();
    const seeded = await menuRows();
    const seededLinks = await topLinks();
    // The later menus, their buttons and their children, as a database seeded before them lacks them.
    const byParent = new Map<string, string[]>();
    for (const row of seeded) byParent.set(String(row.parent_id), [...(byParent.get(String(row.parent_id)) ?? []), String(row.id)]);
    const subtree = (id: string): string[] => [id, ...(byParent.get(id) ?? []).flatMap(subtree)];
    const later = seeded.filter((row) => (LATER_MENUS as readonly string[]).includes(String(row.code))).flatMap((row) => subtree(String(row.id)));
    expect(later.length).toBeGreaterThan(LATER_MENUS.length * 2);
    await db.deleteFrom('blade_top_menu_setting').where('menu_id', 'in', later).execute();
    await db.deleteFrom('blade_menu').where('id', 'in', later).execute();
    expect((await menuRows()).length).toBe(seeded.length - later.length);

    await addLaterMenus(db, dialect);
    const restored = await menuRows();
    const shape = (rows: typeof seeded) => rows.map((r) => `${r.code} ${r.path ?? ''} under ${rows.find((p) => String(p.id) === String(r.parent_id))?.code ?? 'top'}`).sort();
    expect(shape(restored)).toEqual(shape(seeded));
    expect(await topLinks()).toEqual(seededLinks);

    // Run again, it adds nothing.
    await addLaterMenus(db, dialect);
    expect((await menuRows()).length).toBe(seeded.length);
  });
});

describe('restart on the same SQLite file', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alumni-restart-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_DEMO: 'true' });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const counts = async (app: Awaited<ReturnType<typeof buildApp>>['app']) => {
    const { db } = app.services.database;
    const out: Record<string, number> = {};
    for (const table of [...ENTITIES.map((e) => e.table), 'blade_role_menu', 'app_migration']) {
      out[table] = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    }
    return out;
  };

  it('neither re-runs the migrations nor seeds again, and keeps what was written', async () => {
    const first = await buildApp(config);
    expect(first.seed.seeded).toBe(true);
    const { db } = first.app.services.database;
    await db.updateTable('blade_param').set({ param_value: '7' }).where('param_key', '=', 'account.failCount').execute();
    const before = await counts(first.app);
    await first.app.close();

    const second = await buildApp(config);
    try {
      expect(second.seed).toEqual({ seeded: false, demo: false, generatedPassword: null });
      expect(await counts(second.app)).toEqual(before);
      expect(before.app_migration).toBeGreaterThan(0);
      const row = await second.app.services.database.db.selectFrom('blade_param').select('param_value')
        .where('param_key', '=', 'account.failCount').where('tenant_id', '=', '000000').executeTakeFirstOrThrow();
      expect(String(row.param_value)).toBe('7');
      expect(await migrate(second.app.services.database)).toEqual([]);
    } finally {
      await second.app.close();
    }
  }, 120_000); // two starts of a migrated and seeded database: a minute beside the other suites
});
