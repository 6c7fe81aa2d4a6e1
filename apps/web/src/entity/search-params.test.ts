import { defineEntity, dict, integer, datetime, text, t } from '@alumni/domain';
import { describe, expect, it } from 'vitest';
import { fromQueryParams, toQueryParams } from './search-params';

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
