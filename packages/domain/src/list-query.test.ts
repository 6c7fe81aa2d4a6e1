import { describe, expect, it } from 'vitest';
import { defineEntity } from './entity.js';
import { date, fk, flag, integer, text } from './fields.js';
import { FILTER_OPS, MAX_PAGE, parseIds, parseListQuery, parsePaging, QueryError } from './list-query.js';
import { t } from './text.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './wire.js';

const sample = defineEntity({
  name: 'sample',
  label: t('样例', 'Sample'),
  table: 'sample',
  scope: 'tenant',
  permission: 'sample',
  fields: {
    title: text(t('标题', 'Title'), { search: 'like' }),
    amount: integer(t('数量', 'Amount'), { search: 'equal' }),
    enabled: flag(t('启用', 'Enabled')),
    ownerId: fk(t('负责人', 'Owner')),
    born: date(t('生日', 'Birthday'), { search: 'range' }),
  },
});

const parse = (query: Record<string, unknown>, extra?: ReadonlySet<string>) => parseListQuery(sample, query, extra);
const conditions = (query: Record<string, unknown>) => parse(query).conditions;

function queryError(query: Record<string, unknown>): QueryError {
  try {
    parse(query);
  } catch (err) {
    if (err instanceof QueryError) return err;
    throw err;
  }
  throw new Error(`no QueryError for ${JSON.stringify(query)}`);
}

describe('parseListQuery: paging', () => {
  it('defaults to the first page of the default size', () => {
    expect(parse({})).toEqual({ current: 1, size: DEFAULT_PAGE_SIZE, conditions: [], sorts: [] });
  });

  it('reads current and size from strings', () => {
    expect(parse({ current: '3', size: '50' })).toMatchObject({ current: 3, size: 50 });
  });

  it('refuses pages below 1, fractions, text and sizes over the maximum', () => {
    for (const bad of [{ current: '0' }, { current: '-1' }, { current: '1.5' }, { current: 'x' }, { size: '0' }, { size: 'ten' }, { size: String(MAX_PAGE_SIZE + 1) }]) {
      expect(queryError(bad).message_('zh')).toBe('分页参数不正确');
    }
  });

  it('ignores the cache-busting _t parameter', () => {
    expect(conditions({ _t: '12345' })).toEqual([]);
  });
});

describe('parseListQuery: bare names', () => {
  it('means contains for a text field', () => {
    expect(conditions({ title: 'ab' })).toEqual([{ field: 'title', op: 'like', value: 'ab' }]);
  });

  it('means equals, as a number, for an integer field', () => {
    expect(conditions({ amount: '3' })).toEqual([{ field: 'amount', op: 'equal', value: 3 }]);
  });

  it('means equals for an id field and a date field', () => {
    expect(conditions({ ownerId: '12' })).toEqual([{ field: 'ownerId', op: 'equal', value: '12' }]);
    expect(conditions({ born: '2020-01-02' })).toEqual([{ field: 'born', op: 'equal', value: '2020-01-02' }]);
  });

  it('filters nothing for an empty search box', () => {
    expect(conditions({ title: '', amount: '' })).toEqual([]);
  });

  it('takes the last value of a repeated parameter', () => {
    expect(conditions({ title: ['a', 'b'] })).toEqual([{ field: 'title', op: 'like', value: 'b' }]);
  });
});

describe('parseListQuery: suffixes', () => {
  const cases: [string, string, { op: string; value: unknown }][] = [
    ['title_equal', 'ab', { op: 'equal', value: 'ab' }],
    ['title_notequal', 'ab', { op: 'notequal', value: 'ab' }],
    ['title_like', 'ab', { op: 'like', value: 'ab' }],
    ['title_notlike', 'ab', { op: 'notlike', value: 'ab' }],
    ['amount_gt', '1', { op: 'gt', value: 1 }],
    ['amount_lt', '2', { op: 'lt', value: 2 }],
    ['amount_ge', '3', { op: 'ge', value: 3 }],
    ['amount_le', '4', { op: 'le', value: 4 }],
    ['born_dategt', '2020-01-01', { op: 'dategt', value: '2020-01-01' }],
    ['born_datege', '2020-01-01', { op: 'datege', value: '2020-01-01' }],
    ['born_dateequal', '2020-01-01', { op: 'dateequal', value: '2020-01-01' }],
    ['born_datelt', '2020-01-01 10:20:30', { op: 'datelt', value: '2020-01-01 10:20:30' }],
    ['born_datele', '2020-01-01 10:20', { op: 'datele', value: '2020-01-01 10:20:00' }],
    ['title_null', '', { op: 'null', value: null }],
    ['title_notnull', 'whatever', { op: 'notnull', value: null }],
    ['amount_in', '1, 2,3', { op: 'in', value: [1, 2, 3] }],
  ];

  it.each(cases)('%s=%s reads as its operator', (key, raw, expected) => {
    const field = key.slice(0, key.lastIndexOf('_'));
    expect(conditions({ [key]: raw })).toEqual([{ field, ...expected }]);
  });

  it('covers every operator of the protocol', () => {
    const tested = new Set([...cases.map(([key]) => key.slice(key.lastIndexOf('_') + 1)), 'ignore']);
    expect([...FILTER_OPS].sort()).toEqual([...tested].sort());
  });

  it('drops a filter marked _ignore', () => {
    expect(conditions({ title_ignore: 'x', amount_ignore: 'not-a-number' })).toEqual([]);
  });

  it('keeps ids of an _in list as strings', () => {
    expect(conditions({ ownerId_in: '1,2' })).toEqual([{ field: 'ownerId', op: 'in', value: ['1', '2'] }]);
  });

  it('filters nothing by an _in list of blanks and commas', () => {
    expect(conditions({ title_in: '  ', ownerId_in: ' , ,' })).toEqual([]);
  });

  it('refuses an _in list holding a bad value', () => {
    expect(queryError({ amount_in: '1,x' }).message_('zh')).toBe('查询条件 amount_in 的值不正确');
    expect(() => parse({ ownerId_in: '1,abc' })).toThrow(QueryError);
  });

  it('filters the queryable base columns', () => {
    expect(conditions({ createTime_datege: '2024-01-01', id: '5', status: '1' })).toEqual([
      { field: 'createTime', op: 'datege', value: '2024-01-01' },
      { field: 'id', op: 'equal', value: '5' },
      { field: 'status', op: 'equal', value: 1 },
    ]);
  });
});

describe('parseListQuery: refusals', () => {
  it('refuses an unknown filter, naming it', () => {
    const err = queryError({ nope: '1' });
    expect(err.message_('zh')).toBe('不支持的查询条件: nope');
    expect(err.message_('en')).toBe('Unknown filter: nope');
  });

  it('refuses an unknown field behind a known suffix and a known field behind an unknown suffix', () => {
    expect(queryError({ nope_like: 'x' }).message_('zh')).toBe('不支持的查询条件: nope_like');
    expect(queryError({ title_contains: 'x' }).message_('zh')).toBe('不支持的查询条件: title_contains');
  });

  it('refuses base columns that are not queryable, so the tenant and delete flag cannot be widened', () => {
    for (const key of ['tenantId', 'isDeleted', 'tenantId_in', 'isDeleted_equal', 'createDept']) {
      expect(() => parse({ [key]: '1' })).toThrow(QueryError);
    }
  });

  it('refuses snake_case column names', () => {
    expect(() => parse({ owner_id: '1' })).toThrow(QueryError);
  });

  it('refuses an unknown sort field, naming it', () => {
    expect(queryError({ ascs: 'title,nope' }).message_('zh')).toBe('不支持的排序字段: nope');
    expect(() => parse({ descs: 'is_deleted' })).toThrow(QueryError);
  });

  it('reads ascending and descending sorts in order', () => {
    expect(parse({ ascs: 'title, amount', descs: 'createTime' }).sorts).toEqual([
      { field: 'title', desc: false }, { field: 'amount', desc: false }, { field: 'createTime', desc: true },
    ]);
  });

  it('refuses a non-numeric value for a number field', () => {
    for (const key of ['amount', 'amount_gt', 'amount_equal', 'enabled', 'status']) {
      expect(queryError({ [key]: 'abc' }).message_('zh')).toBe(`查询条件 ${key} 的值不正确`);
    }
  });

  it('refuses a malformed id', () => {
    for (const key of ['ownerId', 'id', 'ownerId_equal', 'createUser']) expect(() => parse({ [key]: '12a' })).toThrow(QueryError);
  });

  it('refuses a malformed date for the date operators', () => {
    for (const key of ['born_dategt', 'born_datege', 'born_dateequal', 'born_datelt', 'born_datele', 'createTime_datege']) {
      expect(() => parse({ [key]: '2020/01/01' })).toThrow(QueryError);
      expect(() => parse({ [key]: '9999-99-99 99:99:99' })).toThrow(QueryError);
      expect(() => parse({ [key]: '2024-02-30' })).toThrow(QueryError);
    }
  });

  it('refuses a malformed date for a date field under any comparing operator', () => {
    for (const key of ['born', 'born_equal', 'born_gt', 'born_le', 'born_in', 'createTime', 'createTime_lt']) {
      expect(() => parse({ [key]: 'yesterday' })).toThrow(QueryError);
    }
  });

  it('refuses a date operator on a number or id field', () => {
    for (const key of ['amount_dategt', 'ownerId_datele', 'id_dateequal', 'status_datege']) {
      expect(() => parse({ [key]: '2020-01-01' })).toThrow(QueryError);
    }
  });

  it('lets a route declare extra names of its own', () => {
    expect(parse({ parentId: '5' }, new Set(['parentId'])).conditions).toEqual([]);
  });
});

describe('parseIds', () => {
  it('reads comma-joined ids, trimmed and without duplicates', () => {
    expect(parseIds(' 1 , 2,2,3')).toEqual(['1', '2', '3']);
  });

  it('reads a single number', () => {
    expect(parseIds(5)).toEqual(['5']);
  });

  it('refuses empty, non-numeric, array and object input', () => {
    for (const bad of ['', ',', '1,a', 'abc', '-1', '1.5', ['1'], { a: 1 }, undefined, null]) expect(parseIds(bad)).toBeNull();
  });

  it('refuses ids longer than 19 digits or beyond 64 bits', () => {
    expect(parseIds('1'.repeat(20))).toBeNull();
    expect(parseIds('9999999999999999999')).toBeNull();
    expect(parseIds('9223372036854775807')).toEqual(['9223372036854775807']);
  });

  it('refuses more than 1000 ids', () => {
    expect(parseIds(Array.from({ length: 1001 }, (_, i) => String(i + 1)).join(','))).toBeNull();
    expect(parseIds(Array.from({ length: 1000 }, (_, i) => String(i + 1)).join(','))).toHaveLength(1000);
  });
});

describe('parsePaging', () => {
  it('defaults the page and size, and takes whole numbers within bounds', () => {
    expect(parsePaging({})).toEqual({ current: 1, size: 10 });
    expect(parsePaging({}, 20)).toEqual({ current: 1, size: 20 });
    expect(parsePaging({ current: '3', size: '1000' })).toEqual({ current: 3, size: 1000 });
    expect(parsePaging({ current: String(MAX_PAGE) })).toEqual({ current: MAX_PAGE, size: 10 });
  });

  it('refuses a page past MAX_PAGE (an offset no longer exact), fractions, zero and oversized pages', () => {
    for (const query of [{ current: '99999999999999999999' }, { current: String(MAX_PAGE + 1) }, { current: '1.5' }, { current: '0' }, { size: '1001' }, { size: 'abc' }]) {
      expect(() => parsePaging(query), JSON.stringify(query)).toThrow(QueryError);
    }
  });
});
