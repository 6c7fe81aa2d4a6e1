import type { ReactNode } from 'react';
import { useT } from '../i18n';
import type { Paged } from '../use-load';
import { Empty, ErrorLine, Loading } from './controls';

/** A list read a page at a time: its rows, "load more" while there are more, and its empty and error states. */
export function PagedList<T>({ list, empty, row, label }: { list: Paged<T>; empty: string; row: (item: T) => ReactNode; label: string }) {
  const { t } = useT();
  return (
    <section aria-label={label}>
      {list.records.length ? <ul className="p-list">{list.records.map(row)}</ul> : null}
      {list.loading ? <Loading /> : null}
      {list.error ? <ErrorLine message={list.error} retryText={t('common.retry')} onRetry={list.reload} /> : null}
      {!list.loading && !list.error && list.records.length === 0 ? <Empty>{empty}</Empty> : null}
      {list.hasMore && !list.loading ? <button type="button" className="p-btn p-btn-block" onClick={list.more}>{t('common.more')}</button> : null}
    </section>
  );
}

/** A time as the server writes it (`yyyy-MM-dd HH:mm:ss`), to the minute. */
export const minute = (time: string | null | undefined) => (time ? time.slice(0, 16) : '');
