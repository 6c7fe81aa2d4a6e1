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
}

export const entityKey = (entity: EntityDef) => ['entity', entity.name] as const;

/** One page of an entity's list. */
export function useEntityList({ entity, listPath, current, size, filters, enabled = true }: ListArgs) {
  const params: QueryParams = { current, size, ...filters };
  return useQuery({
    queryKey: [...entityKey(entity), 'list', listPath ?? 'list', params],
    queryFn: () => fetchList(entity, params, listPath),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}
