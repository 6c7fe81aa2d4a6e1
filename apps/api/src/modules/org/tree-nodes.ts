import { PLATFORM_TENANT, type TreeNode as WireTreeNode } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { buildTree, markHasChildren } from '../../core/tree.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { RowScope } from '../../engine/entity-repository.js';

/** A tree node as the protocol answers it (PROTOCOL section 7), plus any extra fields. */
export type TreeNode = Omit<WireTreeNode, 'children'> & { children?: TreeNode[]; [extra: string]: unknown };

export function toNode(row: JsonRecord, titleField: string, extra: Record<string, unknown> = {}): TreeNode {
  const id = String(row.id);
  return { id, parentId: String(row.parentId ?? '0'), title: String(row[titleField] ?? ''), key: id, value: id, hasChildren: false, ...extra };
}

/** Nests nodes by parent and marks those with children. */
export function nest(nodes: TreeNode[]): TreeNode[] {
  return markHasChildren(buildTree(nodes) as TreeNode[]);
}

/** Marks each node of one level whose id is the parent of some row. */
export function markParents(nodes: TreeNode[], parentIds: ReadonlySet<string>): TreeNode[] {
  for (const n of nodes) n.hasChildren = parentIds.has(n.id);
  return nodes;
}

/**
 * The tenant a picker reads: the caller's own; the super administrator may name another with
 * `tenantId` (the trees of the tenant pages).
 */
export function pickerScope(caller: Caller, tenantId: unknown): RowScope {
  if (caller.isSuperAdmin && typeof tenantId === 'string' && /^\w{1,12}$/.test(tenantId)) return { tenantId };
  return { tenantId: caller.tenantId ?? PLATFORM_TENANT };
}
