import { SEGMENT_BASE, type Page, type SegmentView } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getData, postData } from '../../api/http';

const KEY = 'segments';

/** The caller's segments and the tenant's shared ones, of one entity (`basicInfo`) or every entity, one page. */
export function useSegments(params: { entity?: string; name?: string; current?: number; size?: number }, enabled = true) {
  return useQuery({
    queryKey: [KEY, 'list', params],
    enabled,
    queryFn: () => getData<Page<SegmentView>>(`${SEGMENT_BASE}/list`, { current: 1, size: 100, ...params }),
  });
}

/** A segment's live member count for the caller (their data scope). */
export function useSegmentCount(id: string | undefined) {
  return useQuery({
    queryKey: [KEY, 'count', id],
    enabled: !!id,
    queryFn: () => getData<{ id: string; memberCount: number }>(`${SEGMENT_BASE}/count`, { id: id as string }),
  });
}

export interface SegmentInput {
  id?: string;
  entity?: string;
  name?: string;
  query?: Record<string, unknown>;
  shared?: boolean;
}

/** Saves, changes and removes segments; every list and count is read again after. */
export function useSegmentWrites() {
  const client = useQueryClient();
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: [KEY] }), [client]);
  const save = useCallback(async (input: SegmentInput) => {
    const saved = await postData<SegmentView>(`${SEGMENT_BASE}/submit`, input);
    await refresh();
    return saved;
  }, [refresh]);
  const remove = useCallback(async (id: string) => {
    await postData<boolean>(`${SEGMENT_BASE}/remove`, undefined, { ids: id });
    await refresh();
  }, [refresh]);
  return { save, remove };
}
