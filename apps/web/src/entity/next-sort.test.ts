import { describe, expect, it } from 'vitest';
import { nextSort } from './use-list-view';

describe('a click on a sortable column', () => {
  it('sorts an unsorted column ascending, then descending, then not at all', () => {
    expect(nextSort(null, 'year')).toEqual({ field: 'year', desc: false });
    expect(nextSort({ field: 'year', desc: false }, 'year')).toEqual({ field: 'year', desc: true });
    expect(nextSort({ field: 'year', desc: true }, 'year')).toBeNull();
  });
  it('sorts another column ascending, and clears when the table clears', () => {
    expect(nextSort({ field: 'name', desc: true }, 'year')).toEqual({ field: 'year', desc: false });
    expect(nextSort({ field: 'name', desc: false }, null)).toBeNull();
  });
});
