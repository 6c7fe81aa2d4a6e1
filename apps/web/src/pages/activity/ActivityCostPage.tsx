import { activityCostEntity } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getData } from '../../api/http';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useActivities } from './use-activities';
import './activity.css';

interface CostSums { totalAmount: string; count: number; reimbursedAmount: string; pendingAmount: string; budgetAmount: string | null; balance: string | null }

const money = (v: string | null | undefined) => (v === null || v === undefined ? '—' : `¥${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

/** 活动费用 (DOMAIN 6.3): the costs of one activity or all, with the sums of countAmount above the list. */
export default function ActivityCostPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const activityId = params.get('activityId') ?? undefined;
  const activities = useActivities();
  const sums = useQuery({
    queryKey: [...entityKey(activityCostEntity), 'sums', activityId],
    queryFn: () => getData<CostSums>('/activityCost/countAmount', activityId ? { activityId_equal: activityId } : {}),
  });
  const extraParams = useMemo(() => (activityId ? { activityId } : undefined), [activityId]);
  const presets = useMemo(() => (activityId ? { activityId } : {}), [activityId]);
  const s = sums.data;
  return (
    <div className="activity-page">
      <Card size="small" className="activity-head">
        <Space wrap size="large" align="center">
          <Select allowClear showSearch optionFilterProp="label" style={{ minWidth: 280 }} placeholder={t('activity.allActivities')} aria-label={t('activity.activity')}
            value={activityId} onChange={(id?: string) => setParams(id ? { activityId: id } : {}, { replace: true })}
            options={(activities.data ?? []).map((a) => ({ value: a.id, label: a.title }))} />
          {s && (
            <>
              {activityId && <Statistic title={t('activity.sums.budget')} value={money(s.budgetAmount)} />}
              <Statistic title={t('activity.sums.total')} value={money(s.totalAmount)} />
              {activityId && <Statistic title={t('activity.sums.balance')} value={money(s.balance)} />}
              <Statistic title={t('activity.sums.reimbursed')} value={money(s.reimbursedAmount)} />
              <Statistic title={t('activity.sums.pending')} value={money(s.pendingAmount)} />
              <Statistic title={t('activity.sums.count')} value={s.count} />
            </>
          )}
        </Space>
      </Card>
      <EntityPage entity={activityCostEntity} extraParams={extraParams} presetValues={presets} dialogWidth={880} />
    </div>
  );
}
