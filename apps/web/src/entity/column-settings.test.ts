import { describe, expect, it } from 'vitest';
import { applyColumnSettings, changeColumn, effectiveSettings, moveColumn, priorityColumns } from './column-settings';

const columns: { key: string; width?: number; fixed?: 'left' | 'right' }[] = [{ key: 'name', width: 120 }, { key: 'phone' }, { key: 'year', width: 80 }, { key: 'city' }];

describe('column settings of a list', () => {
  it('show the defined columns unchanged while nothing is saved', () => {
    expect(applyColumnSettings(columns, [])).toEqual(columns);
    expect(effectiveSettings(columns, [])).toEqual([{ key: 'name' }, { key: 'phone' }, { key: 'year' }, { key: 'city' }]);
  });

  it('order, hide, size and pin the columns as saved; columns the settings do not name follow in their order', () => {
    const shown = applyColumnSettings(columns, [{ key: 'year', width: 200 }, { key: 'name', hidden: true }, { key: 'gone' }]);
    expect(shown).toEqual([{ key: 'year', width: 200 }, { key: 'phone' }, { key: 'city' }]);
  });

  it('put the columns pinned left first and those pinned right last, keeping the order within each side', () => {
    const shown = applyColumnSettings(columns, [{ key: 'name', fixed: 'right' }, { key: 'phone' }, { key: 'year' }, { key: 'city', fixed: 'left' }]);
    expect(shown.map((c) => [c.key, c.fixed])).toEqual([['city', 'left'], ['phone', undefined], ['year', undefined], ['name', 'right']]);
  });

  it('move a column up or down, and not past either end', () => {
    const all = effectiveSettings(columns, []);
    expect(moveColumn(all, 2, -1).map((s) => s.key)).toEqual(['name', 'year', 'phone', 'city']);
    expect(moveColumn(all, 3, 1)).toEqual(all);
    expect(moveColumn(all, 0, -1)).toEqual(all);
  });

  it('change one column and take a setting away with undefined', () => {
    const all = changeColumn(effectiveSettings(columns, []), 'phone', { hidden: true, width: 150, fixed: 'left' });
    expect(all[1]).toEqual({ key: 'phone', hidden: true, width: 150, fixed: 'left' });
    expect(changeColumn(all, 'phone', { hidden: false, fixed: undefined })[1]).toEqual({ key: 'phone', width: 150 });
  });

  it('keep a phone to the first two shown columns, unpinned, sharing the width', () => {
    const shown = applyColumnSettings(columns, [{ key: 'year', fixed: 'left' }, { key: 'name', hidden: true }]);
    expect(priorityColumns(shown)).toEqual([
      { key: 'year', width: undefined, fixed: undefined, ellipsis: true },
      { key: 'phone', width: undefined, fixed: undefined, ellipsis: true },
    ]);
  });
});
