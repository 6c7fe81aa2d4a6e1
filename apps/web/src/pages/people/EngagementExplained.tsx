import type { EngagementExplanation, EngagementLine } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';

/**
 * An alumnus's engagement score and how it was reached (decision 314): the total, each CASE mode's
 * points, and every counted fact with its count, weight and points.
 */
export function EngagementExplained({ alumniId }: { alumniId: string }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useQuery({
    queryKey: ['engagement', alumniId, i18n.language],
    queryFn: () => getData<EngagementExplanation>('/blade-basicInfo/basicInfo/engagement', { id: alumniId }),
  });
  if (isPending) return <Skeleton active />;
  if (isError || !data) return <Alert type="error" title={t('home.loadFailed')} />;
  const modeLabel = new Map(data.modes.map((m) => [m.mode, m.label]));
  return (
    <div data-testid="engagement-explained">
      <Space size="large" wrap>
        <Statistic title={t('engagement.total')} value={data.total} data-testid="engagement-total" />
        {data.modes.map((m) => <Statistic key={m.mode} title={m.label} value={m.points} />)}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {data.computeTime ? t('engagement.computed', { time: data.computeTime }) : t('engagement.notComputed')} · {t('engagement.explainNote')}
      </Typography.Paragraph>
      <Table<EngagementLine> size="small" rowKey="key" pagination={false} dataSource={data.lines}
        columns={[
          { title: t('engagement.mode'), dataIndex: 'mode', width: 110, render: (mode: EngagementLine['mode']) => modeLabel.get(mode) },
          { title: t('engagement.fact'), dataIndex: 'label', width: 150 },
          { title: t('engagement.rule'), dataIndex: 'rule' },
          { title: t('engagement.count'), dataIndex: 'count', width: 80, align: 'right' },
          { title: t('engagement.weight'), dataIndex: 'weight', width: 80, align: 'right' },
          { title: t('engagement.points'), dataIndex: 'points', width: 80, align: 'right', render: (p: number) => <strong>{p}</strong> },
        ]} />
    </div>
  );
}
