import { describe, expect, it } from 'vitest';
import { initialTicks, savedGrant, type SelectionNode } from './grant-selection';

// system ─ user ─ user_add
//        │      └ user_edit
//        └ role
// desk ─ notice
const tree: SelectionNode[] = [
  { key: 'system', children: [{ key: 'user', children: [{ key: 'user_add' }, { key: 'user_edit' }] }, { key: 'role' }] },
  { key: 'desk', children: [{ key: 'notice' }] },
];
const sorted = (ids: string[]) => [...ids].sort();

describe('a grant dialog confirmed unchanged saves what it was given', () => {
  const cases: [string, Parameters<typeof savedGrant>[2], string[]][] = [
    ['menus with their parents', 'withParents', ['system', 'user', 'user_add']],
    ['a parent stored without its children', 'withParents', ['system', 'desk']],
    ['scopes', 'leaves', ['user_add', 'notice']],
    ['top-menu subtrees', 'subtrees', ['system', 'desk']],
    ['a subtree and a node inside it', 'subtrees', ['system', 'user']],
    ['roles', 'independent', ['system', 'user_add', 'elsewhere']],
  ];
  it.each(cases)('%s', (_name, mode, stored) => {
    expect(savedGrant(tree, stored, mode, initialTicks(tree, stored, mode))).toEqual(stored);
  });
});

describe('what is ticked', () => {
  it('a partly granted parent shows only its granted leaves, not all its children', () => {
    expect(initialTicks(tree, ['system', 'user', 'user_add'], 'withParents')).toEqual(['user_add']);
  });

  it('a stored subtree ticks every leaf below it', () => {
    expect(initialTicks(tree, ['system'], 'subtrees')).toEqual(['user_add', 'user_edit', 'role']);
  });
});

describe('a change saves exactly that change', () => {
  it('ticking a leaf adds it and its parents, nothing else', () => {
    const saved = savedGrant(tree, ['system', 'user', 'user_add'], 'withParents', ['user_add', 'notice']);
    expect(sorted(saved)).toEqual(sorted(['system', 'user', 'user_add', 'desk', 'notice']));
  });

  it('clearing the last leaf under a parent removes the parent; a parent stored alone stays', () => {
    const saved = savedGrant(tree, ['system', 'user', 'user_add', 'desk'], 'withParents', []);
    expect(saved).toEqual(['desk']);
  });

  it('scopes: only leaves are saved', () => {
    expect(sorted(savedGrant(tree, ['user_add'], 'leaves', ['user_add', 'user_edit', 'user']))).toEqual(['user_add', 'user_edit']);
  });

  it('subtrees: clearing one leaf of a stored subtree stores what is still wholly ticked', () => {
    const saved = savedGrant(tree, ['system', 'desk'], 'subtrees', ['user_add', 'role', 'notice', 'desk']);
    expect(sorted(saved)).toEqual(sorted(['desk', 'user_add', 'role']));
  });

  it('subtrees: ticking a whole subtree stores its root', () => {
    expect(savedGrant(tree, [], 'subtrees', ['notice', 'desk'])).toEqual(['desk']);
  });

  it('roles: a role the tree does not show is kept', () => {
    expect(savedGrant(tree, ['elsewhere', 'role'], 'independent', ['role', 'notice'])).toEqual(['elsewhere', 'role', 'notice']);
  });
});
