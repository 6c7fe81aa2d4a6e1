import { Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a widget's calls are: loading, failed, answered with nothing to show, or ready. */
export type WidgetState = 'loading' | 'error' | 'empty' | 'ready';

/** What a widget needs of each of its queries. */
export interface QueryLike { isPending: boolean; isError: boolean; refetch: () => unknown }

/** The state of a widget from its queries: failed if one failed, loading while one loads, then empty or ready. */
export function widgetState(queries: readonly QueryLike[], isEmpty: boolean): WidgetState {
  if (queries.some((q) => q.isError)) return 'error';
  if (queries.some((q) => q.isPending)) return 'loading';
  return isEmpty ? 'empty' : 'ready';
}

/** Refetches the failed ones of a widget's queries. */
export const retryFailed = (queries: readonly QueryLike[]) => () => {
  for (const q of queries) if (q.isError) void q.refetch();
};

interface Props {
  title: ReactNode;
  state: WidgetState;
  onRetry: () => void;
  /** Controls in the title bar (a switch). */
  extra?: ReactNode;
  /** Height of the skeleton and the empty box, near what the widget draws. */
  height?: number;
  /** What the empty box says (暂无数据 when absent). */
  emptyText?: ReactNode;
  testId: string;
  children: ReactNode;
}

/** The frame of every dashboard widget: its title, then a skeleton, 加载失败，点击重试, 暂无数据 or its content. */
export function Widget({ title, state, onRetry, extra, height = 260, emptyText, testId, children }: Props) {
  const { t } = useTranslation();
  return (
    <Card title={title} extra={extra} size="small" className="dashboard-widget" data-testid={testId} aria-busy={state === 'loading'}>
      {state === 'loading' && <div style={{ minHeight: height }}><Skeleton active paragraph={{ rows: Math.max(1, Math.round(height / 48)) }} /></div>}
      {state === 'error' && (
        <div className="dashboard-widget-center" style={{ minHeight: height }}>
          <Button type="link" danger onClick={onRetry}>{t('home.loadFailed')}</Button>
        </div>
      )}
      {state === 'empty' && (
        <div className="dashboard-widget-center" style={{ minHeight: height }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('home.empty')} />
        </div>
      )}
      {state === 'ready' && children}
    </Card>
  );
}
