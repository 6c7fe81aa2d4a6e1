import { defineEntity, dict, integer, datetime, text, t } from '@alumni/domain';
import { describe, expect, it } from 'vitest';
import { firstRowCount, fromQueryParams, readListView, searchFields, toQueryParams, writeListView } from './search-params';

const entity = defineEntity({
  name: 'sample',
  label: t('样例', 'Sample'),
  table: 'sample',
  scope: 'tenant',
  permission: 'sample',
  fields: {
    title: text(t('标题', 'Title'), { search: 'like' }),
    code: text(t('编号', 'Code'), { search: 'equal' }),
    phase: dict(t('阶段', 'Phase'), 'activity_phase', { source: 'biz', search: 'equal' }),
    year: integer(t('年份', 'Year'), { search: 'range' }),
    time: datetime(t('时间', 'Time'), { search: 'range' }),
    other: text(t('其他', 'Other'), {}),
  },
});

describe('filters in a page address', () => {
  it('reads back what the list call sends, so a link opens the list filtered', () => {
    const values = { title: '校友', code: 'A1', phase: '2', year: [1990, 1999], time: ['2025-01-01 00:00:00', '2025-01-31 23:59:59'] };
    const address = new URLSearchParams(Object.entries(toQueryParams(entity, values)).map(([k, v]) => [k, String(v)]));
    expect(fromQueryParams(entity, address)).toEqual(values);
  });

  it('ignores names that are not searchable filters, and those outside the offered ones', () => {
    const address = new URLSearchParams('other=x&tab=pending&phase=4&title=a');
    expect(fromQueryParams(entity, address)).toEqual({ phase: '4', title: 'a' });
    expect(fromQueryParams(entity, address, ['phase'])).toEqual({ phase: '4' });
  });

  it('keeps an open-ended year range and drops a half date range', () => {
    expect(fromQueryParams(entity, new URLSearchParams('year_ge=2000&time_dategt=2025-01-01'))).toEqual({ year: [2000, null] });
  });
});

describe('a list view in its page address', () => {
  const rules = { defaultSize: 10, sizes: [10, 20, 50], sortable: ['year', 'title'] };

  it('writes filters, page, size and sort in the list call\'s names and reads them back', () => {
    const view = { values: { title: '校友', year: [1990, null] }, current: 3, size: 20, sort: { field: 'year', desc: true } };
    const address = writeListView(entity, new URLSearchParams(), view, 10);
    expect(address.toString()).toBe('title=%E6%A0%A1%E5%8F%8B&year_ge=1990&descs=year&current=3&size=20');
    expect(readListView(entity, address, rules)).toEqual(view);
  });

  it('leaves the first page, the default size and no sort out, so a plain list keeps a bare address', () => {
    expect(writeListView(entity, new URLSearchParams(), { values: {}, current: 1, size: 10, sort: null }, 10).toString()).toBe('');
    expect(readListView(entity, new URLSearchParams(), rules)).toEqual({ values: {}, current: 1, size: 10, sort: null });
  });

  it('keeps the page\'s other parameters and replaces every earlier filter of the list', () => {
    const base = new URLSearchParams('tab=pending&title=old&code_equal=A&year_le=2000&ascs=title&current=4');
    const next = writeListView(entity, base, { values: { code: 'B' }, current: 1, size: 10, sort: null }, 10);
    expect(next.toString()).toBe('tab=pending&code_equal=B');
  });

  it('ignores a page, size or sort the list does not offer', () => {
    const address = new URLSearchParams('current=0&size=7&ascs=other');
    expect(readListView(entity, address, rules)).toEqual({ values: {}, current: 1, size: 10, sort: null });
    expect(readListView(entity, new URLSearchParams('current=2.5&descs=code'), rules)).toMatchObject({ current: 1, sort: null });
    expect(readListView(entity, new URLSearchParams('current=abc&ascs=title'), rules)).toMatchObject({ current: 1, sort: { field: 'title', desc: false } });
  });
});

describe('the search form\'s first row', () => {
  const fields = searchFields(entity).map(([, f]) => f);

  it('holds as many controls as fit, a date range taking two places', () => {
    // title, code, phase, year, time (a date range)
    expect(firstRowCount(fields, 3)).toBe(3);
    expect(firstRowCount(fields, 5)).toBe(4);
    expect(firstRowCount(fields, 6)).toBe(5);
  });

  it('always shows the first control, even a range wider than the row', () => {
    expect(firstRowCount(fields.slice(4), 1)).toBe(1);
    expect(firstRowCount([], 3)).toBe(0);
  });
});
