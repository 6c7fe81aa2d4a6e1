import { describe, expect, it } from 'vitest';
import { buildTree, markHasChildren } from './tree.js';

const ids = (tree: { id: string; children?: unknown[] }[]): unknown[] =>
  tree.map((n) => (n.children ? [n.id, ids(n.children as { id: string }[])] : n.id));

describe('buildTree', () => {
  it('nests rows under their parents in order, rows without a parent among them as roots', () => {
    const tree = buildTree([{ id: '1', parentId: '0' }, { id: '2', parentId: '1' }, { id: '3', parentId: '9' }, { id: '4', parentId: '1' }]);
    expect(ids(tree)).toEqual([['1', ['2', '4']], '3']);
  });

  it('keeps every row of a loop of parents, the row that would close it as a root', () => {
    const tree = buildTree([{ id: 'a', parentId: 'c' }, { id: 'b', parentId: 'a' }, { id: 'c', parentId: 'b' }, { id: 'd', parentId: 'd' }]);
    expect(ids(tree)).toEqual([['c', [['a', ['b']]]], 'd']);
    expect(() => JSON.stringify(tree)).not.toThrow();
  });

  it('marks every node with hasChildren', () => {
    const tree = markHasChildren(buildTree([{ id: '1', parentId: '0' }, { id: '2', parentId: '1' }]) as { id: string; parentId: string; hasChildren?: boolean; children?: never[] }[]);
    expect(tree[0]?.hasChildren).toBe(true);
    expect((tree[0]?.children?.[0] as { hasChildren?: boolean } | undefined)?.hasChildren).toBe(false);
  });
});
