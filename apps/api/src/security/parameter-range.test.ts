import { registInfoEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

/**
 * Parameters a route reads itself, with values their columns cannot hold: a page number past any
 * offset, an id past PostgreSQL's bigint, a day the calendar has not. Each answers a 400 naming what
 * is wrong (or, for a top menu no id can name, an empty tree) — never a server error.
 */
describe.each(testDialects())('parameters out of their columns\' range on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses a page number of 30 digits on the jobs list, as every list does', async () => {
    const res = await t.call('GET', `/api/blade-job/job/list?current=${'9'.repeat(30)}`, admin, undefined, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('Invalid paging parameters');
    const zh = await t.call('GET', `/api/blade-job/job/list?size=10&current=${'1'.repeat(30)}`, admin, undefined, { 'accept-language': 'zh-CN' });
    expect(zh.statusCode, zh.body).toBe(400);
    expect(zh.json().msg).toBe('分页参数不正确');
    expect((await t.call('GET', '/api/blade-job/job/list?current=1&size=10', admin)).statusCode).toBe(200);
  });

  it('answers the menu tree of a top menu id of 40 digits as the tree of no top menu: empty', async () => {
    const res = await t.call('GET', `/api/blade-system/menu/routes?topMenuId=${'9'.repeat(40)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    const all = await t.call('GET', '/api/blade-system/menu/routes', admin);
    expect((all.json().data as unknown[]).length).toBeGreaterThan(0);
  });

  it('refuses a registration statistics date the calendar has not, naming the parameter', async () => {
    const url = `/api${registInfoEntity.api!.base}/countRegistInfo`;
    for (const bad of ['0000-00-00', '2024-02-30', '2024-13-01 00:00:00']) {
      const res = await t.call('POST', `${url}?createTime_dategt=${encodeURIComponent(bad)}`, admin, undefined, { 'accept-language': 'en' });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json().msg).toBe('The value of filter createTime_dategt is not valid');
    }
    const zh = await t.call('POST', `${url}?createTime_datelt=0000-00-00`, admin, undefined, { 'accept-language': 'zh-CN' });
    expect(zh.json().msg).toBe('查询条件 createTime_datelt 的值不正确');
    const good = await t.call('POST', `${url}?createTime_dategt=2020-01-01&createTime_datelt=2030-01-01`, admin);
    expect(good.statusCode, good.body).toBe(200);
  });

  it('answers the departments and roles of a user id of 40 digits as those of no user: none', async () => {
    for (const path of ['/api/blade-system/dept/select', '/api/blade-system/role/select']) {
      const res = await t.call('GET', `${path}?userId=${'9'.repeat(40)}`, admin);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual([]);
      expect((await t.call('GET', path, admin)).json().data.length).toBeGreaterThan(0);
    }
  });

  it('refuses a department id past the 64-bit range on the statistics calls', async () => {
    const huge = '9'.repeat(19);
    const students = await t.call('POST', `/api/blade-studentStatus/studentStatus/countStudent?departmentId=${huge}`, admin, undefined, { 'accept-language': 'en' });
    expect(students.statusCode, students.body).toBe(400);
    expect(students.json().msg).toBe('departmentId must be a department id');
    const regist = await t.call('POST', `/api${registInfoEntity.api!.base}/countRegistInfo?departmentId=${huge}`, admin, undefined, { 'accept-language': 'en' });
    expect(regist.statusCode, regist.body).toBe(400);
    expect(regist.json().msg).toBe('The value of filter departmentId is not valid');
  });

  it('refuses a work list date the calendar has not', async () => {
    const res = await t.call('GET', '/api/blade-flow/work/todo-list?createTime_datege=0000-00-00', admin, undefined, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('createTime_datege must be a yyyy-MM-dd date');
  });
});
