import { basicInfoEntity } from '@alumni/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OWN_PICKERS, PICKER_OR_STATISTIC } from '../access/route-grant.js';
import { withDescendants } from '../core/tree.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { answerOf, fillPath, routeTable, type RouteEntry } from './route-table.js';

// Every instance of Fastify records its routes (see route-table.ts): a picker added tomorrow is checked here the day it lands.
vi.mock('fastify', async (original) => (await import('./route-table.js')).withRouteTable(await original()));

const TENANT = '000000';
const keyOf = (r: RouteEntry) => `${r.method} ${r.url.replace(/^\/api/, '')}`;

/**
 * Pickers and statistics (issue 29, item 6): each declares the menus it serves and refuses a
 * caller holding none of them; the enrollment years honour the caller's data scope.
 */
describe.each(testDialects())('pickers and statistics on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let nobody: string;
  let pickers: RouteEntry[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    nobody = await t.signInWithoutGrants(admin);
    pickers = routeTable(t.app).filter((r) => !r.isPublic && PICKER_OR_STATISTIC.test(r.url) && !(keyOf(r) in OWN_PICKERS));
  });
  afterAll(async () => t?.close());

  const call = (r: RouteEntry, token: string) => t.call(r.method as 'GET' | 'POST', fillPath(r.url), token, r.method === 'POST' ? {} : undefined);

  it('finds the pickers and statistics in the route table, and every one declares the menus it serves', () => {
    const keys = pickers.map(keyOf);
    for (const known of ['GET /blade-basicInfo/basicInfo/select', 'GET /blade-registInfo/registInfo/enrollment', 'GET /blade-noticeTemplate/noticeTemplate/all',
      'POST /blade-registInfo/registInfo/countRegistInfo', 'GET /blade-department/department/select']) expect(keys).toContain(known);
    expect(pickers.filter((r) => r.menus.length === 0).map(keyOf), 'pickers or statistics without a declared grant').toEqual([]);
    const known = new Set(routeTable(t.app).map(keyOf));
    expect(Object.keys(OWN_PICKERS).filter((k) => !known.has(k)), 'OWN_PICKERS naming no route').toEqual([]);
  });

  it('refuses each picker and statistic with 403 to a signed-in caller holding none of its menus', async () => {
    const failures: string[] = [];
    for (const r of pickers) {
      const res = await call(r, nobody);
      if (res.statusCode !== 403 || res.json().success !== false) failures.push(`${keyOf(r)} → ${answerOf(res)}`);
    }
    expect(failures, `\n${failures.join('\n')}`).toEqual([]);
  }, 120_000);

  it('answers a caller holding one of its declared menus (the grant is the one the route needs)', async () => {
    const tokens = new Map<string, string>();
    const failures: string[] = [];
    const { db } = t.app.services.database;
    for (const r of pickers) {
      const menu = r.menus[0] as string;
      // A button code counts only together with its menu.
      const parent = await db.selectFrom('blade_menu as b').innerJoin('blade_menu as m', 'm.id', 'b.parent_id').select('m.code')
        .where('b.code', '=', menu).where('b.category', '=', 2).where('b.is_deleted', '=', 0).executeTakeFirst();
      if (!tokens.has(menu)) tokens.set(menu, await t.signInWithCodes(admin, parent ? [String(parent.code), menu] : [menu]));
      const res = await call(r, tokens.get(menu) as string);
      // A required parameter may be missing (400); what matters is that the grant let the call through.
      if (res.statusCode === 403 || res.statusCode >= 500) failures.push(`${keyOf(r)} as holder of ${menu} → ${answerOf(res)}`);
    }
    expect(failures, `\n${failures.join('\n')}`).toEqual([]);
  }, 120_000);

  it('matches alumni by name in the picker, never by an exact phone or ID number', async () => {
    const { db } = t.app.services.database;
    const row = await db.selectFrom('alumni_basic_info').select(['id', 'name']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0)
      .where('phone', 'is not', null).where('id_card_no', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    // The repository opens the sealed phone and ID number.
    const stored = await t.app.services.repository.findById(basicInfoEntity, { tenantId: TENANT }, String(row.id)) as Record<string, string>;
    const phone = String(stored.phone ?? '');
    const idCardNo = String(stored.idCardNo ?? '');
    expect(phone && !phone.includes('*'), 'an unmasked phone to search for').toBeTruthy();
    const pick = async (keyword: string) =>
      ((await t.call('GET', `/api/blade-basicInfo/basicInfo/select?size=50&keyword=${encodeURIComponent(keyword)}`, admin)).json().data as { id: string }[]).map((a) => a.id);
    expect(await pick(String(stored.name))).toContain(String(row.id));
    expect(await pick(phone)).toEqual([]);
    expect(await pick(idCardNo)).toEqual([]);
  });

  it('counts enrollment years within the college secretary\'s data scope', async () => {
    const { db } = t.app.services.database;
    const college = await t.signIn('college');
    const user = await db.selectFrom('blade_user').select('dept_id').where('account', '=', 'college').where('tenant_id', '=', TENANT).executeTakeFirstOrThrow();
    const depts = (await db.selectFrom('blade_dept').select(['id', 'parent_id']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).execute())
      .map((d) => ({ id: String(d.id), parentId: String(d.parent_id ?? '0') }));
    const units = [...withDescendants(depts, String(user.dept_id).split(','))];

    /** The years a caller reaching `units` (all: null) should see, recounted from the rows. */
    const recount = async (reach: string[] | null) => {
      const years = new Map<string, number>();
      for (const table of ['alumni_regist_info', 'alumni_student_status']) {
        let q = db.selectFrom(table).select(['enrollment_year as year', sql<number>`count(*)`.as('n')])
          .where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).where('enrollment_year', 'is not', null);
        if (table === 'alumni_student_status') q = q.where('examine_status', '=', 1);
        if (reach) q = q.where('org_dept_id', 'in', reach);
        for (const r of await q.groupBy('enrollment_year').execute()) years.set(String(r.year), (years.get(String(r.year)) ?? 0) + Number(r.n));
      }
      return Object.fromEntries([...years].sort());
    };
    const answer = async (token: string) => {
      const res = await t.call('GET', '/api/blade-registInfo/registInfo/enrollment', token);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json().data as { key: string; count: number }[]).map((y) => [y.key, y.count]).sort());
    };
    const all = await recount(null);
    const own = await recount(units);
    const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
    // The demo school has registrations and study records outside the college.
    expect(total(own)).toBeGreaterThan(0);
    expect(total(own)).toBeLessThan(total(all));
    expect(await answer(admin)).toEqual(all);
    expect(await answer(college)).toEqual(own);
  });
});
