import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/menu';
import { filterByPrefix, searchEntries } from './menu-search';

const node = (id: string, name: string, path: string, children?: MenuNode[], nameEn?: string): MenuNode =>
  ({ id, parentId: '0', code: id, name, nameEn, path, sort: Number(id), category: 1, ...(children ? { children } : {}) });

const tree = [
  node('1', '系统管理', '/system', [node('2', '字典管理', '/system/dict', undefined, 'Dictionaries'), node('3', '参数管理', '/system/param', undefined, 'Parameters')]),
  node('4', '官网', 'https://example.com/about.html', undefined, 'Website'),
];

describe('menu search', () => {
  it('lists the leaves only, with their routes', () => {
    expect(searchEntries(tree, 'zh').map((e) => [e.name, e.path.split('?')[0]])).toEqual([
      ['字典管理', '/system/dict/index'], ['参数管理', '/system/param/index'], ['官网', '/myiframe/4'],
    ]);
  });
  it('filters by name prefix, ignoring case', () => {
    const en = searchEntries(tree, 'en');
    expect(filterByPrefix(en, 'dic').map((e) => e.name)).toEqual(['Dictionaries']);
    expect(filterByPrefix(en, 'PAR').map((e) => e.name)).toEqual(['Parameters']);
    expect(filterByPrefix(en, 'aram')).toEqual([]);
    expect(filterByPrefix(searchEntries(tree, 'zh'), '字典').map((e) => e.name)).toEqual(['字典管理']);
  });
  it('lists everything for an empty text', () => expect(filterByPrefix(searchEntries(tree, 'zh'), ' ')).toHaveLength(3));
});
