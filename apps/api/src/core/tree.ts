/** Nests flat rows by `parentId`; roots are rows whose parent is not among them. Empty children are left out. */
export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): (T & { children?: T[] })[] {
  const byId = new Map<string, T & { children?: T[] }>(rows.map((r) => [r.id, { ...r }]));
  const roots: (T & { children?: T[] })[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
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
