import type { EngagementKpis } from '@alumni/domain';
import { Button, Segmented, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { useCan } from '../../stores/menu-store';
import { BarChart } from './BarChart';
import { ColumnChart } from './ColumnChart';
import { useDashboardQuery } from './dashboard-calls';
import { EngagementWeightsDialog } from './EngagementWeightsDialog';
import { formatCount } from './figures';
import { LineChart } from './LineChart';
import { retryFailed, Widget, widgetState } from './Widget';

type View = 'mode' | 'year' | 'college' | 'trend';

const share = (engaged: number, alumni: number) => (alumni > 0 ? Math.round((engaged * 1000) / alumni) / 10 : 0);

/**
 * 校友参与度 (decision 316): the share of alumni within the user's data scope engaged at all, then
 * the engaged alumni by CASE mode, the share by enrollment year and by college, and its trend by
 * month; with the weights dialog for those who may edit alumni records.
 */
export function EngagementWidget() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>('mode');
  const [weightsOpen, setWeightsOpen] = useState(false);
  const canTune = useCan('basicinfo_edit');
  const kpis = useDashboardQuery(['engagement', i18n.language], () => getData<EngagementKpis>('/blade-engagement/engagement/kpis'), true);
  const data = kpis.data;
  const percent = t('engagement.engagedShare');
  return (
    <Widget testId="stat-engagement" title={t('engagement.widget')} state={widgetState([kpis], (data?.alumni ?? 0) === 0)} onRetry={retryFailed([kpis])}
      extra={(
        <Space size="small">
          <Segmented size="small" value={view} onChange={(v) => setView(v as View)} options={[
            { value: 'mode', label: t('engagement.byMode') }, { value: 'year', label: t('engagement.byClassYear') },
            { value: 'college', label: t('engagement.byCollege') }, { value: 'trend', label: t('engagement.trend') },
          ]} />
          {canTune && <Button size="small" onClick={() => setWeightsOpen(true)} data-testid="engagement-weights">{t('engagement.weights')}</Button>}
        </Space>
      )}>
      {data && (
        <>
          <Space size="large" wrap>
            <Statistic title={percent} value={share(data.engaged, data.alumni)} suffix="%" />
            <Statistic title={t('engagement.engaged')} value={formatCount(data.engaged)} />
            <Statistic title={t('engagement.alumni')} value={formatCount(data.alumni)} />
          </Space>
          {view === 'mode' && <BarChart label={t('engagement.byMode')} series={t('engagement.engaged')} bars={data.byMode.map((m) => ({ key: m.mode, label: m.label, value: m.engaged }))} />}
          {view === 'year' && <ColumnChart label={t('engagement.byClassYear')} series={`${percent} %`} zoom={data.byClassYear.length > 30} height={240}
            columns={data.byClassYear.map((y) => ({ key: y.key, label: y.label, value: share(y.engaged, y.alumni) }))} />}
          {view === 'college' && <BarChart label={t('engagement.byCollege')} series={`${percent} %`}
            bars={data.byCollege.map((c) => ({ key: c.key, label: c.label, value: share(c.engaged, c.alumni) }))} />}
          {view === 'trend' && <LineChart label={t('engagement.trend')} series={`${percent} %`} points={data.trend.map((p) => ({ label: p.month, value: share(p.engaged, p.alumni) }))} />}
        </>
      )}
      {weightsOpen && <EngagementWeightsDialog onClose={() => setWeightsOpen(false)} />}
    </Widget>
  );
}
