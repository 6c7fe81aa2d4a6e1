import type { EntityDef } from '@alumni/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchList, type QueryParams } from './entity-api';

export interface ListArgs {
  entity: EntityDef;
  listPath?: string;
  current: number;
  size: number;
  filters: QueryParams;
  enabled?: boolean;
  /** Fetches the page again every `refreshMs` while its records call for it (a push still sending). */
  refreshWhile?: (records: Record<string, unknown>[]) => boolean;
  refreshMs?: number;
}

export const entityKey = (entity: EntityDef) => ['entity', entity.name] as const;

/** One page of an entity's list. */
export function useEntityList({ entity, listPath, current, size, filters, enabled = true, refreshWhile, refreshMs = 5000 }: ListArgs) {
  const params: QueryParams = { current, size, ...filters };
  return useQuery({
    queryKey: [...entityKey(entity), 'list', listPath ?? 'list', params],
    queryFn: () => fetchList(entity, params, listPath),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
    refetchInterval: refreshWhile ? (query) => (refreshWhile(query.state.data?.records ?? []) ? refreshMs : false) : false,
  });
}
