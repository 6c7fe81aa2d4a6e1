/**
 * What a grant dialog shows and saves. A grant is a stored set of ids; the dialog shows it as a
 * checkable tree and saves the stored set changed only where the person changed the tree, so a
 * dialog confirmed unchanged saves exactly what it was given.
 *
 * How a stored set reads as ticks depends on what the ids mean:
 * - `withParents`: checked nodes and every parent of one (role menus, package menus). A tree
 *   conducts its parents from the leaves, so only stored leaves are ticked; a parent stored with
 *   none of its leaves shows unticked and stays stored until the person ticks or clears below it.
 * - `leaves`: only the leaves are grants; the inner nodes group them (data and API scopes).
 * - `subtrees`: an id stands for its node and everything below it (the menus of a top menu).
 * - `independent`: each node on its own, a parent implies nothing (the roles of a user).
 */
export type GrantMode = 'withParents' | 'leaves' | 'subtrees' | 'independent';

export interface SelectionNode {
  key: string;
  children?: readonly SelectionNode[];
}

type State = 'checked' | 'half' | 'none';

const hasChildren = (n: SelectionNode): boolean => !!n.children && n.children.length > 0;

function walk(nodes: readonly SelectionNode[], visit: (n: SelectionNode, ancestors: readonly string[]) => void, ancestors: readonly string[] = []): void {
  for (const n of nodes) {
    visit(n, ancestors);
    if (n.children) walk(n.children, visit, [...ancestors, n.key]);
  }
}

/** Every key of the tree, in the tree's order. */
export function treeKeys(nodes: readonly SelectionNode[]): string[] {
  const out: string[] = [];
  walk(nodes, (n) => out.push(n.key));
  return out;
}

/** The ticks of a conducted tree given its ticked leaves: a parent is checked when all its children are, half when some are. */
function states(nodes: readonly SelectionNode[], leaves: ReadonlySet<string>, into = new Map<string, State>()): Map<string, State> {
  for (const n of nodes) {
    if (!hasChildren(n)) {
      into.set(n.key, leaves.has(n.key) ? 'checked' : 'none');
      continue;
    }
    states(n.children ?? [], leaves, into);
    const below = (n.children ?? []).map((c) => into.get(c.key));
    into.set(n.key, below.every((s) => s === 'checked') ? 'checked' : below.some((s) => s !== 'none') ? 'half' : 'none');
  }
  return into;
}

/** The ticked keys the tree starts with: its leaves for a conducted tree, the stored nodes for an independent one. */
export function initialTicks(nodes: readonly SelectionNode[], stored: readonly string[], mode: GrantMode): string[] {
  const held = new Set(stored);
  const out: string[] = [];
  walk(nodes, (n, ancestors) => {
    if (mode === 'independent') {
      if (held.has(n.key)) out.push(n.key);
    } else if (!hasChildren(n)) {
      const covered = held.has(n.key) || (mode === 'subtrees' && ancestors.some((a) => held.has(a)));
      if (covered) out.push(n.key);
    }
  });
  return out;
}

/** The ticked leaves among keys a conducted tree reports (it reports its fully checked parents too). */
export function tickedLeaves(nodes: readonly SelectionNode[], ticked: readonly string[]): string[] {
  const set = new Set(ticked);
  const out: string[] = [];
  walk(nodes, (n) => {
    if (!hasChildren(n) && set.has(n.key)) out.push(n.key);
  });
  return out;
}

/**
 * The set to save: `stored` where the ticks did not change, the person's ticks where they did.
 * Ids the tree does not show (a grant the granter cannot see) are kept as they are.
 */
export function savedGrant(nodes: readonly SelectionNode[], stored: readonly string[], mode: GrantMode, ticked: readonly string[]): string[] {
  if (mode === 'independent') {
    const shown = new Set(treeKeys(nodes));
    const now = new Set(ticked.filter((id) => shown.has(id)));
    return [...stored.filter((id) => !shown.has(id) || now.has(id)), ...[...now].filter((id) => !stored.includes(id))];
  }
  const before = states(nodes, new Set(initialTicks(nodes, stored, mode)));
  const after = states(nodes, new Set(tickedLeaves(nodes, ticked)));
  if (mode === 'subtrees') return savedSubtrees(nodes, stored, after);
  const result = new Set(stored);
  walk(nodes, (n) => {
    if (mode === 'leaves' && hasChildren(n)) return;
    const now = after.get(n.key);
    if (now === before.get(n.key)) return;
    if (now === 'none') result.delete(n.key);
    else result.add(n.key);
  });
  return [...stored.filter((id) => result.has(id)), ...treeKeys(nodes).filter((id) => result.has(id) && !stored.includes(id))];
}

/**
 * Stored subtrees still wholly ticked stay; what is ticked and not covered by them is added as its
 * topmost wholly ticked nodes. A parent ticked only because all its children are covered is not added.
 */
function savedSubtrees(nodes: readonly SelectionNode[], stored: readonly string[], after: Map<string, State>): string[] {
  const kept = stored.filter((id) => !after.has(id) || after.get(id) === 'checked');
  const roots = new Set(kept);
  const covered = new Map<string, boolean>();
  const isCovered = (n: SelectionNode, byAncestor: boolean): boolean => {
    const own = byAncestor || roots.has(n.key);
    const kids = (n.children ?? []).map((c) => isCovered(c, own));
    const result = own || (kids.length > 0 && kids.every(Boolean));
    covered.set(n.key, result);
    return result;
  };
  for (const n of nodes) isCovered(n, false);
  const added: string[] = [];
  const addTopmost = (list: readonly SelectionNode[]) => {
    for (const n of list) {
      if (covered.get(n.key)) continue;
      if (after.get(n.key) === 'checked') added.push(n.key);
      else if (n.children) addTopmost(n.children);
    }
  };
  addTopmost(nodes);
  return [...kept, ...added];
}
