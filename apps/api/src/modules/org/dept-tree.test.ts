import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const ROLE_LEADER = seedId(91, 6);

describe.each(testDialects())('department moves and users by department on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as Json;
  };
  const dept = async (deptName: string, parentId = '0') => String((await data('POST', '/api/blade-system/dept/submit', { parentId, deptName })).id);
  const detail = async (id: string) => data('GET', `/api/blade-system/dept/detail?id=${id}`);
  let serial = 0;
  const user = async (deptId: string) => {
    serial += 1;
    return String((await data('POST', '/api/blade-user/submit', { account: `dm${serial}_${Date.now()}`, name: 'x', realName: `部门${serial}`, roleId: ROLE_LEADER, deptId })).id);
  };
  const usersOf = async (deptId: string) =>
    ((await data('GET', `/api/blade-user/page?deptId=${deptId}&size=100`)).records as Json[]).map((r) => String(r.id)).sort();

  it('rewrites the ancestors of every row below a moved department', async () => {
    const [rootA, rootB] = [await dept('迁移根甲'), await dept('迁移根乙')];
    const level1 = await dept('一级', rootA);
    const level2 = await dept('二级', level1);
    const level3 = await dept('三级', level2);
    const sibling3 = await dept('三级并列', level2);
    expect((await detail(level3)).ancestors).toBe(`0,${rootA},${level1},${level2}`);
    const [userOf2, userOf3] = [await user(level2), await user(level3)];

    await data('POST', '/api/blade-system/dept/submit', { id: level1, parentId: rootB, deptName: '一级' });

    expect((await detail(level1)).ancestors).toBe(`0,${rootB}`);
    expect((await detail(level2)).ancestors).toBe(`0,${rootB},${level1}`);
    expect((await detail(level3)).ancestors).toBe(`0,${rootB},${level1},${level2}`);
    expect((await detail(sibling3)).ancestors).toBe(`0,${rootB},${level1},${level2}`);
    // Users of the moved subtree are now found from the new root only.
    expect(await usersOf(rootB)).toEqual([userOf2, userOf3].sort());
    expect(await usersOf(rootA)).toEqual([]);
    expect(await usersOf(level2)).toEqual([userOf2, userOf3].sort());

    // Moving a middle row back to the top rewrites the rows below it again.
    await data('POST', '/api/blade-system/dept/submit', { id: level2, parentId: '0', deptName: '二级' });
    expect((await detail(level3)).ancestors).toBe(`0,${level2}`);
    expect((await detail(level1)).ancestors).toBe(`0,${rootB}`);
  });

  it('leaves the ancestors below alone when a department is saved without moving', async () => {
    const root = await dept('不动根');
    const child = await dept('不动子', root);
    const grandchild = await dept('不动孙', child);
    await data('POST', '/api/blade-system/dept/submit', { id: child, deptName: '不动子改名' });
    expect((await detail(grandchild)).ancestors).toBe(`0,${root},${child}`);
  });

  it('finds a user of several departments from any of them and from above them', async () => {
    const [rootA, rootB, other] = [await dept('多部门甲'), await dept('多部门乙'), await dept('无关部门')];
    const underA = await dept('甲下级', rootA);
    const both = await user(`${underA},${rootB}`);
    const onlyA = await user(underA);
    expect(await usersOf(underA)).toEqual([both, onlyA].sort());
    expect(await usersOf(rootA)).toEqual([both, onlyA].sort());
    expect(await usersOf(rootB)).toEqual([both]);
    expect(await usersOf(other)).toEqual([]);
    // The count of the page agrees with its records.
    expect((await data('GET', `/api/blade-user/page?deptId=${rootB}&size=10`)).total).toBe(1);
  });

  it.runIf(dialect === 'sqlite')('reads the users of several departments through the partial index', async () => {
    const { db } = t.app.services.database;
    const plan = await sql<{ detail: string }>`explain query plan select distinct dept_id from blade_user where tenant_id = ${'000000'} and is_deleted = ${0} and dept_id like '%,%'`.execute(db);
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('blade_user_multi_dept');
  });
});
