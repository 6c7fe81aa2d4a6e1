import type { OptionNode } from './use-options';

/** Parent of each value in an option tree. */
function parents(nodes: readonly OptionNode[], parent: string | null, into: Map<string, string | null>) {
  for (const node of nodes) {
    into.set(node.value, parent);
    if (node.children) parents(node.children, node.value, into);
  }
  return into;
}

function leafValues(nodes: readonly OptionNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children && node.children.length > 0) leafValues(node.children, into);
    else into.add(node.value);
  }
  return into;
}

export const splitIds = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(value) ? value.map(String) : [];

/**
 * A checkable tree picks leaves and derives its parents, so only the stored leaves are handed to
 * it; stored parents would otherwise check every child below them.
 */
export const checkedLeaves = (ids: readonly string[], tree: readonly OptionNode[]): string[] => {
  const leaves = leafValues(tree);
  return ids.filter((id) => leaves.has(id));
};

/** The picked ids plus every ancestor (half-checked parents belong to the selection too). */
export function withAncestors(ids: readonly string[], tree: readonly OptionNode[]): string[] {
  const parentOf = parents(tree, null, new Map());
  const out = new Set<string>();
  for (const id of ids) {
    let current: string | null | undefined = id;
    while (current && !out.has(current)) {
      out.add(current);
      current = parentOf.get(current);
    }
  }
  // Keep the tree's order so the stored list reads like the menu.
  return [...parentOf.keys()].filter((id) => out.has(id));
}
