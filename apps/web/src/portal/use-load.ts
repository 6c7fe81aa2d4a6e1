import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, type Page } from './api';
import { useSession } from './session';

export interface Loaded<T> { data: T | null; error: string | null; loading: boolean; reload: () => void }

const messageOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/** One GET of the portal API, again when the language or `reload` asks (answers come in the caller's language). */
export function useLoad<T>(path: string | null): Loaded<T> {
  const { lang } = useSession();
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: !!path });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) return;
    let current = true;
    setState((before) => ({ ...before, loading: true, error: null }));
    api.get<T>(path).then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error: messageOf(error), loading: false }),
    );
    return () => { current = false; };
  }, [path, lang, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

export interface Paged<T> { records: T[]; total: number; hasMore: boolean; error: string | null; loading: boolean; more: () => void; reload: () => void }

/** A page list of the portal API read a page at a time ("load more"), from the first page again on `reload`. */
export function usePaged<T>(path: string, size = 10): Paged<T> {
  const { lang } = useSession();
  const [records, setRecords] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [pages, setPages] = useState(1);
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    const join = path.includes('?') ? '&' : '?';
    api.get<Page<T>>(`${path}${join}current=${current}&size=${size}`).then((page) => {
      if (!live) return;
      setRecords((before) => (current === 1 ? page.records : [...before, ...page.records]));
      setTotal(page.total);
      setPages(page.pages);
      setLoading(false);
    }, (failure: unknown) => {
      if (!live) return;
      setError(messageOf(failure));
      setLoading(false);
    });
    return () => { live = false; };
  }, [path, size, current, lang, round]);
  return {
    records, total, error, loading, hasMore: current < pages,
    more: () => setCurrent((n) => n + 1),
    reload: () => { setCurrent(1); setRound((n) => n + 1); },
  };
}

export { messageOf };
