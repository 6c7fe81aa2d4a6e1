import { paramEntity } from '@alumni/domain';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityRepository } from '../engine/entity-repository.js';
import { insertSyntheticRows, SYNTHETIC_TENANT } from '../test-support/synthetic-rows.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { refreshPlannerStatistics } from './planner-statistics.js';
import { searchDocument, searchPhrase } from './search-index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

describe('search documents and phrases', () => {
  it('lists the text, then each distinct pair of characters with its separator', () => {
    expect(searchDocument('张三丰')).toBe('张三丰\u0001张三\u0001三丰\u0001');
    expect(searchDocument('aaa')).toBe('aaa\u0001aa\u0001');
    expect(searchDocument(null)).toBeNull();
  });

  it('makes a 2-character term a 3-character phrase, and leaves 1 character to the scan', () => {
    expect(searchPhrase('real_name', '张三')).toBe('real_name : "张三\u0001"');
    expect(searchPhrase('param_key', 'say "hi"')).toBe('param_key : "say ""hi"""');
    expect(searchPhrase('param_key', '张')).toBeNull();
  });
});

describe.each(testDialects())('contains search through the search index on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const tag = String(Math.floor(Math.random() * 1e8)).padStart(8, '0'); // digits only: no letter the terms look for
  const ids: Record<string, string> = {};

  const data = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as Json;
  };
  const param = async (paramName: string, paramKey: string) => {
    await data('POST', '/api/blade-system/param/submit', { paramName, paramKey, paramValue: 'v' });
    const page = await data('GET', `/api/blade-system/param/list?paramKey_equal=${encodeURIComponent(paramKey)}`);
    ids[paramKey] = String(page.records[0].id);
  };
  /** The keys of this run's rows a name search finds, with the total the page reports. */
  const byName = async (term: string) => {
    const page = await data('GET', `/api/blade-system/param/list?size=100&paramName=${encodeURIComponent(term)}`);
    const keys = (page.records as Json[]).map((r) => String(r.paramKey)).filter((k) => k.startsWith(tag)).sort();
    return { keys, total: Number(page.total) };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    await param(`张三${tag}`, `${tag}-a`);
    await param(`欧阳张三丰${tag}`, `${tag}-b`);
    await param(`李四${tag}`, `${tag}-c`);
    await param(`Alpha Report ${tag}`, `${tag}-d`);
    await param(`alphabet soup ${tag}`, `${tag}-e`);
  });
  afterAll(async () => t?.close());

  it.runIf(dialect === 'postgres')('indexes each distinct pair of neighbouring characters, lower-cased, of short and long texts alike', async () => {
    const pairsOf = (text: string) => {
      const chars = [...text.toLowerCase()];
      return [...new Set(chars.slice(1).map((c, i) => `${chars[i]}${c}`))].sort();
    };
    const long = Array.from({ length: 20_000 }, (_, i) => `校友${i % 97}Ab `).join('');
    for (const text of ['张三丰', 'AbCab', '', 'a', '  ', '校友会 Alumni 北京', long]) {
      const { rows } = await sql<{ pairs: string[] }>`select app_search_pairs(${text}) as pairs`.execute(t.app.services.database.db);
      expect([...(rows[0]?.pairs ?? [])].sort(), text.slice(0, 20)).toEqual(pairsOf(text));
    }
    const { rows } = await sql<{ pairs: string[] | null }>`select app_search_pairs(null) as pairs`.execute(t.app.services.database.db);
    expect(rows[0]?.pairs).toEqual([]);
  });

  it('finds Chinese text by 1, 2 and 3 characters', async () => {
    expect((await byName('丰')).keys).toEqual([`${tag}-b`]);
    expect((await byName('张三')).keys).toEqual([`${tag}-a`, `${tag}-b`]);
    expect((await byName('张三丰')).keys).toEqual([`${tag}-b`]);
    expect((await byName('三李')).keys).toEqual([]);
  });

  it('finds Latin text by 1, 2 and 3+ characters, ignoring case', async () => {
    const ownRows = async (term: string) => (await byName(term)).keys;
    expect(await ownRows('R')).toEqual([`${tag}-d`]);
    expect(await ownRows('ph')).toEqual([`${tag}-d`, `${tag}-e`]);
    expect(await ownRows('ALPHA')).toEqual([`${tag}-d`, `${tag}-e`]);
    expect(await ownRows('bet sou')).toEqual([`${tag}-e`]);
    expect(await ownRows(`report ${tag}`)).toEqual([`${tag}-d`]);
  });

  it('counts exactly what the page finds', async () => {
    const found = await byName(tag);
    expect(found.keys).toHaveLength(5);
    expect(found.total).toBe(5);
    expect((await byName(`张三${tag}`)).total).toBe(1);
  });

  it('follows updates and removals in the same transaction', async () => {
    await data('POST', '/api/blade-system/param/submit', { id: ids[`${tag}-c`], paramName: `王五${tag}`, paramKey: `${tag}-c`, paramValue: 'v' });
    expect((await byName('李四')).keys).toEqual([]);
    expect((await byName('王五')).keys).toEqual([`${tag}-c`]);
    await data('POST', `/api/blade-system/param/remove?ids=${ids[`${tag}-c`]}`);
    expect((await byName('王五')).keys).toEqual([]);
  });

  it('takes like wildcards in a term literally', async () => {
    expect((await byName('张%三')).keys).toEqual([]);
    expect((await byName('_')).keys).toEqual([]);
  });
});

describe('pages of a common term on sqlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await insertSyntheticRows(t.app.services.database.db, 'sqlite', paramEntity, 25_000);
    await refreshPlannerStatistics(t.app.services.database);
  });
  afterAll(async () => t?.close());

  it('walk the list order and give the rows that looking every match up gives', async () => {
    const repository = new EntityRepository(t.app.services.database.db, 'sqlite');
    const scope = { tenantId: SYNTHETIC_TENANT };
    for (const current of [1, 2, 40]) {
      const query = { current, size: 10, conditions: [{ field: 'paramName', op: 'like' as const, value: '名1' }], sorts: [] };
      const { count, page, pageWalk } = repository.listQueries(paramEntity, scope, query);
      expect(pageWalk).toBeDefined();
      const { db } = t.app.services.database;
      const total = Number((await db.executeQuery<{ total: number }>(count)).rows[0]?.total);
      expect(total).toBeGreaterThan(2000);
      const looked = (await db.executeQuery<{ id: bigint }>(page)).rows.map((r) => String(r.id));
      const walked = (await db.executeQuery<{ id: bigint }>(pageWalk as CompiledQuery)).rows.map((r) => String(r.id));
      expect(walked).toHaveLength(10);
      expect(walked).toEqual(looked);
      const plan = (await db.executeQuery<{ detail: string }>({ ...(pageWalk as CompiledQuery), sql: `explain query plan ${(pageWalk as CompiledQuery).sql}` })).rows.map((r) => r.detail);
      expect(plan.join('\n')).not.toContain('TEMP B-TREE FOR ORDER BY');
    }
  });
});
