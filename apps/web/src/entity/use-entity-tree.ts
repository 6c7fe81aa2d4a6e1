import type { EntityDef } from '@alumni/domain';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { fetchLevel, type QueryParams, type Row } from './entity-api';
import { entityKey } from './use-entity-list';

const ROOT = '0';

/**
 * A tree entity's rows as a tree table: the top level first, each level loaded when its parent is
 * expanded (and reloaded with the rest after a write, as all of the entity's queries are).
 */
export function useEntityTree(entity: EntityDef, levelPath: string, filters: QueryParams, enabled: boolean) {
  const [expanded, setExpanded] = useState<string[]>([]);
  const parents = [ROOT, ...expanded];
  const levels = useQueries({
    queries: parents.map((parentId) => ({
      queryKey: [...entityKey(entity), 'level', levelPath, parentId, filters],
      queryFn: () => fetchLevel(entity, levelPath, { ...filters, parentId }),
      enabled,
      staleTime: 0,
    })),
  });
  const byParent = new Map(parents.map((parentId, i) => [parentId, levels[i]?.data]));
  // A parent not yet loaded gets an empty child list: the table shows its expander.
  const build = (parentId: string, seen: Set<string>): Row[] =>
    (byParent.get(parentId) ?? []).map((row) => {
      const { hasChildren, ...rest } = row;
      return hasChildren && !seen.has(row.id) ? { ...rest, children: build(row.id, new Set(seen).add(row.id)) } : rest;
    });
  const onExpand = useCallback((open: boolean, row: Row) => {
    setExpanded((keys) => (open ? [...new Set([...keys, row.id])] : keys.filter((k) => k !== row.id)));
  }, []);
  return {
    rows: build(ROOT, new Set()),
    loading: levels.some((q) => q.isFetching),
    expanded,
    onExpand,
  };
}
