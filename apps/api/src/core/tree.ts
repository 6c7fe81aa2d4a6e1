/**
 * Nests flat rows by `parentId`, keeping their order among siblings; roots are rows whose parent is
 * not among them, and a row whose link would close a loop (bad data: a row its own ancestor) is a
 * root too, so every row appears once and the answer never loops. Empty children are left out.
 */
export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): (T & { children?: T[] })[] {
  const byId = new Map<string, T & { children?: T[] }>(rows.map((r) => [r.id, { ...r }]));
  const attachedTo = new Map<string, string>();
  const closesLoop = (id: string, parentId: string) => {
    for (let up: string | undefined = parentId; up !== undefined; up = attachedTo.get(up)) if (up === id) return true;
    return false;
  };
  const roots: (T & { children?: T[] })[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node.parentId);
    if (parent && !closesLoop(node.id, node.parentId)) {
      (parent.children ??= []).push(node);
      attachedTo.set(node.id, node.parentId);
    } else roots.push(node);
  }
  return roots;
}

/** Marks every node of a built tree with `hasChildren`. */
export function markHasChildren<T extends { children?: T[]; hasChildren?: boolean }>(tree: T[]): T[] {
  for (const node of tree) {
    node.hasChildren = !!node.children?.length;
    if (node.children) markHasChildren(node.children);
  }
  return tree;
}

/** The ids of the given nodes and all their descendants. */
export function withDescendants<T extends { id: string; parentId: string }>(rows: T[], rootIds: Iterable<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of rows) {
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const out = new Set<string>();
  const stack = [...rootIds];
  while (stack.length) {
    const id = stack.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
