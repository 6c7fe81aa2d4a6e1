import { regionEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, grantToDemoTenantAdmin } from '../../test-support/entity-overrides.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const GUANGDONG_CITIES = [
  '广州市', '韶关市', '深圳市', '珠海市', '汕头市', '佛山市', '江门市', '湛江市', '茂名市', '肇庆市', '惠州市',
  '梅州市', '汕尾市', '河源市', '阳江市', '清远市', '东莞市', '中山市', '潮州市', '揭阳市', '云浮市',
];

describe.each(testDialects())('regions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, foreign] = await Promise.all([t.signIn('admin'), t.signIn('admin', DEMO_PASSWORD, DEMO_TENANT)]);
  });
  afterAll(async () => t?.close());

  const call = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
    const res = await t.call(method, `/api/blade-system/region/${url}`, token, body);
    return { status: res.statusCode, json: res.json() as Json };
  };
  const data = async (method: 'GET' | 'POST', url: string, token = admin, body?: unknown) => {
    const res = await call(method, url, token, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const total = async () => (await data('GET', 'list?size=1')).total as number;
  const submit = (body: Json, token = admin) => call('POST', 'submit', token, body);

  describe('lazy-tree', () => {
    it('answers the 34 provincial-level divisions at the root, with children only below 江苏省 and 广东省', async () => {
      const root = await data('GET', 'lazy-tree') as Json[];
      expect(root).toHaveLength(34);
      expect(await data('GET', 'lazy-tree?parentCode=00')).toEqual(root);
      expect(root[0]).toEqual({
        id: '110000', parentId: '00', title: '北京市', key: '110000', value: '110000', hasChildren: false,
        code: '110000', name: '北京市', regionLevel: 1,
      });
      expect(root.filter((n) => n.hasChildren).map((n) => n.code)).toEqual(['320000', '440000']);
      expect(root.map((n) => n.name)).toEqual(expect.arrayContaining(['香港特别行政区', '澳门特别行政区', '台湾省', '新疆维吾尔自治区']));
      expect(new Set(root.map((n) => n.code)).size).toBe(34);
    });

    it('answers the 21 cities of 广东省 and the 13 of 江苏省, in code order, as leaves', async () => {
      const guangdong = await data('GET', 'lazy-tree?parentCode=440000') as Json[];
      expect(guangdong.map((n) => n.name)).toEqual(GUANGDONG_CITIES);
      expect(guangdong.every((n) => n.parentId === '440000' && n.regionLevel === 2 && n.hasChildren === false)).toBe(true);
      const jiangsu = await data('GET', 'lazy-tree?parentCode=320000') as Json[];
      expect(jiangsu).toHaveLength(13);
      expect(jiangsu[0]).toMatchObject({ code: '320100', title: '南京市' });
      expect(await data('GET', 'lazy-tree?parentCode=440100')).toEqual([]);
    });

    it('refuses a malformed parentCode with 400', async () => {
      const res = await call('GET', 'lazy-tree?parentCode=abc', admin);
      expect(res.status).toBe(400);
    });

    it('needs a signed-in caller', async () => {
      const res = await t.call('GET', '/api/blade-system/region/lazy-tree');
      expect(res.statusCode).toBe(401);
    });
  });

  describe('detail', () => {
    it('answers a region by code, with the chain columns the seed derived and its level name', async () => {
      const city = await data('GET', 'detail?code=440300');
      expect(city).toMatchObject({
        code: '440300', parentCode: '440000', name: '深圳市', regionLevel: '2', regionLevelName: '地市', ancestors: '00,440000',
        provinceCode: '440000', provinceName: '广东省', cityCode: '440300', cityName: '深圳市', districtCode: null, districtName: null,
      });
      expect(await data('GET', `detail?id=${city.id}`)).toEqual(city);
    });

    it('answers 404 for an unknown code and 400 without code or id', async () => {
      expect((await call('GET', 'detail?code=999999', admin)).status).toBe(404);
      expect((await call('GET', 'detail', admin)).status).toBe(400);
    });
  });

  describe('submit', () => {
    it('adds a district below a city with the columns of its chain, renames it everywhere below, and removes it', async () => {
      const district = await data('POST', 'submit', admin, { parentCode: '440100', code: '440199', name: '测试区', regionLevel: '3', sort: 5 });
      expect(district).toMatchObject({
        ancestors: '00,440000,440100', provinceCode: '440000', provinceName: '广东省', cityCode: '440100', cityName: '广州市',
        districtCode: '440199', districtName: '测试区', townCode: null,
      });
      const town = await data('POST', 'submit', admin, { parentCode: '440199', code: '440199001', name: '测试镇', regionLevel: '4' });
      expect(town).toMatchObject({ ancestors: '00,440000,440100,440199', districtName: '测试区', townCode: '440199001', townName: '测试镇' });
      expect((await data('GET', 'lazy-tree?parentCode=440100')).find((n: Json) => n.code === '440199')?.hasChildren).toBe(true);

      // Code, parent and level are fixed once created: an edit changes only the name, sort and remark.
      const renamed = await data('POST', 'submit', admin, { id: district.id, name: '新测试区', code: '440198', regionLevel: '1' });
      expect(renamed).toMatchObject({ code: '440199', regionLevel: '3', name: '新测试区', districtName: '新测试区' });
      expect(await data('GET', 'detail?code=440199001')).toMatchObject({ districtName: '新测试区', townName: '测试镇' });

      const refused = await call('POST', `remove?ids=${district.id}`, admin);
      expect(refused.json).toMatchObject({ code: 400, msg: '请先删除子节点!' });
      expect((await data('GET', 'detail?code=440199')).id).toBe(district.id);
      await data('POST', `remove?ids=${town.id}`);
      await data('POST', `remove?ids=${district.id}`);
      expect((await call('GET', 'detail?code=440199', admin)).status).toBe(404);
    });

    it('lets a parent be removed together with its children', async () => {
      const city = await data('POST', 'submit', admin, { parentCode: '320000', code: '329900', name: '测试市', regionLevel: '2' });
      const district = await data('POST', 'submit', admin, { parentCode: '329900', code: '329901', name: '测试县', regionLevel: '3' });
      await data('POST', `remove?ids=${city.id},${district.id}`);
      expect(await data('GET', 'lazy-tree?parentCode=320000')).toHaveLength(13);
    });

    it.each([
      ['letters', { parentCode: '440100', code: '44019a', name: '坏区', regionLevel: '3' }, 'code', '区划编号须为6位数字'],
      ['a short code', { parentCode: '440100', code: '44019', name: '坏区', regionLevel: '3' }, 'code', '区划编号须为6位数字'],
      ['a town-length code for a district', { parentCode: '440100', code: '440199001', name: '坏区', regionLevel: '3' }, 'code', '区划编号须为6位数字'],
      ['a code outside its parent', { parentCode: '440100', code: '440201', name: '坏区', regionLevel: '3' }, 'code', '区划编号须以上级区划编号的前4位开头'],
      ['a city code ending in other than 00', { parentCode: '440000', code: '449901', name: '坏市', regionLevel: '2' }, 'code', '市级的区划编号须为XXYY00'],
      ['a province code not ending in 0000', { code: '990100', name: '坏省', regionLevel: '1' }, 'code', '省级的区划编号须为XX0000'],
      ['a district code ending in 00', { parentCode: '440100', code: '440100', name: '坏区', regionLevel: '3' }, 'code', '区县级的区划编号须为XXYYZZ'],
      ['an unknown parent', { parentCode: '449900', code: '449901', name: '坏区', regionLevel: '3' }, 'parentCode', '上级区划不存在: 449900'],
      ['a level not one below the parent', { parentCode: '440100', code: '440199', name: '坏区', regionLevel: '2' }, 'regionLevel', '区划等级须为上级等级加一(3)'],
      ['a province claiming level 2', { parentCode: '00', code: '990000', name: '坏省', regionLevel: '2' }, 'regionLevel', '区划等级须为上级等级加一(1)'],
      ['a duplicate code', { parentCode: '440000', code: '440300', name: '又一个深圳', regionLevel: '2' }, 'code', '区划编号已存在: 440300'],
    ])('refuses %s with 400 naming the field, and writes nothing', async (_what, body, field, message) => {
      const before = await total();
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(res.json.data.errors).toEqual({ [field]: message });
      expect(await total()).toBe(before);
    });

    it('answers in English when asked', async () => {
      const res = await t.call('POST', '/api/blade-system/region/submit', admin, { parentCode: '449900', code: '449901', name: 'x', regionLevel: '3' }, { 'accept-language': 'en-US' });
      expect(res.json().data.errors).toEqual({ parentCode: 'The parent region does not exist: 449900' });
    });

    it('refuses adding below a village', async () => {
      const ids: string[] = [];
      const add = async (parentCode: string, code: string, regionLevel: string) => {
        const row = await data('POST', 'submit', admin, { parentCode, code, name: `测试${code}`, regionLevel });
        ids.unshift(row.id);
      };
      await add('440100', '440198', '3');
      await add('440198', '440198001', '4');
      await add('440198001', '440198001001', '5');
      const res = await submit({ parentCode: '440198001001', code: '440198001001', name: '过深', regionLevel: '6' });
      expect(res.status).toBe(400);
      expect(res.json.data.errors.parentCode).toBe('村级区划下不能再添加区划');
      for (const id of ids) await data('POST', `remove?ids=${id}`);
    });
  });

  describe('another tenant', () => {
    it('reads the regions through lazy-tree without any grant, but not the list', async () => {
      expect(await data('GET', 'lazy-tree?parentCode=440000', foreign)).toHaveLength(21);
      expect((await call('GET', 'list', foreign)).status).toBe(403);
    });

    it('with the region menu and buttons, lists and reads them but may not add, edit or remove', async () => {
      const undo = await grantToDemoTenantAdmin(t, regionEntity);
      try {
        const page = await data('GET', 'list?parentCode_equal=440000&size=100', foreign);
        expect(page.total).toBe(21);
        const shenzhen = await data('GET', 'detail?code=440300', foreign);
        expect(shenzhen.name).toBe('深圳市');
        const before = await total();
        expect((await submit({ parentCode: '440100', code: '440197', name: '外租户区', regionLevel: '3' }, foreign)).status).toBe(403);
        expect((await submit({ id: shenzhen.id, name: '改名' }, foreign)).status).toBe(403);
        expect((await call('POST', `remove?ids=${shenzhen.id}`, foreign)).status).toBe(403);
        expect(await total()).toBe(before);
        expect((await data('GET', 'detail?code=440300')).name).toBe('深圳市');
      } finally {
        await undo();
      }
    });
  });
});
