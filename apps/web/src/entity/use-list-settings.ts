import { isListKey, type ListColumnSetting, type ListSettings } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getData, postData } from '../api/http';

const SAVE_AFTER_MS = 400;

/**
 * The signed-in user's column settings of one list, kept on the server (decision 327): a change
 * shows at once and is saved shortly after the last of a burst (typing a width); reset forgets them.
 */
export function useListSettings(listKey: string) {
  const client = useQueryClient();
  const queryKey = ['list-settings', listKey];
  const valid = isListKey(listKey);
  const query = useQuery({
    queryKey,
    queryFn: () => getData<ListSettings>('/blade-user/list-settings', { listKey }),
    enabled: valid,
    staleTime: Infinity,
    retry: false,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<ListColumnSetting[] | null>(null);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const columns = pending.current;
    pending.current = null;
    if (columns) void postData<ListSettings>('/blade-user/list-settings', { listKey, columns }).catch(() => undefined);
  }, [listKey]);
  useEffect(() => flush, [flush]);

  // A change made here wins over the saved settings still on their way, which were read before it.
  const [changed, setChanged] = useState<{ listKey: string; columns: ListColumnSetting[] } | null>(null);
  const save = useCallback((columns: ListColumnSetting[]) => {
    setChanged({ listKey, columns });
    client.setQueryData<ListSettings>(['list-settings', listKey], { listKey, columns });
    pending.current = columns;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, SAVE_AFTER_MS);
  }, [client, listKey, flush]);

  const reset = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setChanged({ listKey, columns: [] });
    client.setQueryData<ListSettings>(['list-settings', listKey], { listKey, columns: [] });
    await postData<ListSettings>('/blade-user/list-settings/reset', undefined, { listKey });
  }, [client, listKey]);

  const columns = changed?.listKey === listKey ? changed.columns : (query.data?.columns ?? []);
  return { columns, enabled: valid, save, reset };
}
