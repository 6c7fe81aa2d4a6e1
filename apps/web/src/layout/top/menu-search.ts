import type { MenuNode } from '../../api/menu';
import { menuName, menuRoute } from '../../router/menu-match';

export interface SearchEntry {
  name: string;
  path: string;
  source?: string | null;
}

/** Every leaf of the menu tree (web addresses included), in menu order. */
export function searchEntries(tree: readonly MenuNode[], lang: string): SearchEntry[] {
  const out: SearchEntry[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of [...nodes].sort((a, b) => a.sort - b.sort)) {
      if (node.children && node.children.length > 0) walk(node.children);
      else if (node.path) out.push({ name: menuName(node, lang), path: menuRoute(node), source: node.source });
    }
  };
  walk(tree);
  return out;
}

/** Entries whose name starts with the text, ignoring case; an empty text lists them all. */
export function filterByPrefix(entries: readonly SearchEntry[], text: string): SearchEntry[] {
  const prefix = text.trim().toLowerCase();
  return prefix ? entries.filter((e) => e.name.toLowerCase().startsWith(prefix)) : [...entries];
}
