import { useQuery } from '@tanstack/react-query';
import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchHistory, type HistoryStep } from './workflow-api';

/** An instance's steps in order: handler, outcome, comment, times (`process/history-flow-list`). */
export function HistoryTable({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const history = useQuery({ queryKey: ['flow-history', processInstanceId], queryFn: () => fetchHistory(processInstanceId) });
  return (
    <section aria-label={t('workflow.leave.history')}>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('workflow.leave.history')}</Typography.Title>
      <Table<HistoryStep>
        size="small" rowKey={(s) => `${s.historyActivityId}-${s.createTime}-${s.endTime ?? ''}`} pagination={false} loading={history.isLoading}
        dataSource={history.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          { key: 'node', dataIndex: 'historyActivityName', title: t('workflow.leave.node') },
          { key: 'handler', dataIndex: 'assigneeName', title: t('workflow.leave.handler') },
          { key: 'outcome', title: t('workflow.leave.outcome'), render: (_, s) => (s.flag ? <Tag color={s.flag === 'ok' ? 'green' : 'red'}>{t(`workflow.leave.${s.flag}`)}</Tag>
            : s.status === 'open' ? <Tag color="processing">{t('workflow.running')}</Tag> : s.status === 'cancelled' ? <Tag>{t('workflow.cancelled')}</Tag> : null) },
          { key: 'comment', dataIndex: 'comment', title: t('workflow.leave.comment') },
          { key: 'start', dataIndex: 'createTime', title: t('workflow.createTime'), width: 170 },
          { key: 'end', dataIndex: 'endTime', title: t('workflow.endTime'), width: 170 },
          { key: 'duration', dataIndex: 'historyActivityDurationTime', title: t('workflow.leave.duration'), width: 100 },
        ]}
      />
    </section>
  );
}
