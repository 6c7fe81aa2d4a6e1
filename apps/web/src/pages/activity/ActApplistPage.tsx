import { actApplistEntity, activityEntity } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Statistic, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getData, postData } from '../../api/http';
import type { QueryParams, Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useMenuStore } from '../../stores/menu-store';
import { ACTIVITY_BASE, APPLIST_BASE } from './activity-api';
import { CheckInDesk } from './CheckInDesk';
import { ConfirmInfoModal } from './ConfirmInfoModal';
import { useActivities } from './use-activities';
import './activity.css';

/** The tabs of the list (DOMAIN 6.2) and the filters each adds. */
const TABS: { key: string; params: QueryParams }[] = [
  { key: 'all', params: {} },
  { key: 'pending', params: { applyStatus_equal: 0 } },
  { key: 'confirmed', params: { applyStatus_equal: 1 } },
  { key: 'waitlisted', params: { applyStatus_equal: 4 } },
  { key: 'closed', params: { applyStatus_in: '2,3' } },
  { key: 'refund', params: { applyStatus_equal: 3, paymentStatus_equal: 2 } },
  { key: 'winners', params: { isWinner_equal: 1 } },
];

/**
 * 活动报名 (DOMAIN 6.2): an activity's applicants with its summary; confirm, waitlist or reject
 * through the confirm info, cancel, check in, and the phone-sized check-in desk.
 */
export default function ActApplistPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const buttons = useMenuStore((s) => s.buttons);
  const [params, setParams] = useSearchParams();
  const activities = useActivities();
  const chosen = params.get('activityId') ?? activities.data?.find((a) => a.phase === '2')?.id ?? activities.data?.[0]?.id;
  const activity = activities.data?.find((a) => a.id === chosen) ?? null;
  const [tab, setTab] = useState('all');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [desk, setDesk] = useState(false);
  const summary = useQuery({
    queryKey: [...entityKey(actApplistEntity), 'summary', chosen],
    enabled: !!chosen,
    queryFn: () => getData<Row>(`${ACTIVITY_BASE}/detail`, { id: chosen }),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: entityKey(actApplistEntity) });
    void client.invalidateQueries({ queryKey: entityKey(activityEntity) });
  };
  const extraParams = useMemo(() => ({ ...(chosen ? { activityId: chosen } : {}), ...(TABS.find((x) => x.key === tab)?.params ?? {}) }), [chosen, tab]);
  const presets = useMemo(() => (chosen ? { activityId: chosen } : {}), [chosen]);
  const s = summary.data;
  const signIn = async (row: Row) => {
    await postData(`${APPLIST_BASE}/submit`, { id: row.id, signIn: 1 });
    void message.success(t('activity.checkInDone'));
    refresh();
  };
  const cancel = (row: Row) => modal.confirm({
    title: t('activity.cancelApplication'), content: t('activity.cancelApplicationConfirm'), okButtonProps: { danger: true },
    onOk: async () => {
      await postData(`${APPLIST_BASE}/submit`, { id: row.id, applyStatus: 3 });
      refresh();
    },
  });

  return (
    <div className="activity-page">
      <Card size="small" className="activity-head">
        <Space wrap size="large" align="center">
          <Select showSearch optionFilterProp="label" style={{ minWidth: 280 }} placeholder={t('activity.pickActivity')} aria-label={t('activity.activity')}
            value={chosen} loading={activities.isLoading} onChange={(id: string) => setParams({ activityId: id }, { replace: true })}
            options={(activities.data ?? []).map((a) => ({ value: a.id, label: a.title }))} />
          {s && (
            <>
              <Statistic title={t('activity.summary.capacity')} value={Number(s.capacity) > 0 ? Number(s.capacity) : t('activity.summary.unlimited')} />
              <Statistic title={t('activity.summary.confirmed')} value={`${Number(s.confirmedCount ?? 0)} / ${Number(s.companionCount ?? 0)}`} />
              <Statistic title={t('activity.summary.pending')} value={Number(s.pendingCount ?? 0)} />
              <Statistic title={t('activity.summary.waitlisted')} value={Number(s.waitlistCount ?? 0)} />
              <Statistic title={t('activity.summary.signedIn')} value={Number(s.signedInCount ?? 0)} />
              <Statistic title={t('activity.summary.winners')} value={Number(s.winnerCount ?? 0)} />
            </>
          )}
        </Space>
      </Card>
      <Tabs activeKey={tab} onChange={setTab} items={TABS.map((x) => ({ key: x.key, label: t(`activity.tabs.${x.key}`) }))} />
      <EntityPage
        entity={actApplistEntity}
        extraParams={extraParams}
        presetValues={presets}
        dialogWidth={900}
        enabled={!!chosen}
        toolbarExtra={buttons.actapplist_signin && activity ? <Button onClick={() => setDesk(true)}>{t('activity.desk')}</Button> : null}
        rowActions={(row) => {
          const status = Number(row.applyStatus);
          return (
            <>
              {(status === 0 || status === 4) && buttons.actapplist_confirm && (
                <Button type="link" size="small" onClick={() => setConfirming(row.id)}>{t('activity.confirmInfo')}</Button>
              )}
              {status === 1 && Number(row.signIn) !== 1 && buttons.actapplist_signin && (
                <Button type="link" size="small" onClick={() => void signIn(row)}>{t('activity.checkIn')}</Button>
              )}
              {[0, 1, 4].includes(status) && buttons.actapplist_confirm && (
                <Button type="link" size="small" danger onClick={() => cancel(row)}>{t('activity.cancelApplication')}</Button>
              )}
            </>
          );
        }}
      />
      <ConfirmInfoModal id={confirming} onClose={() => setConfirming(null)} onChanged={refresh} canConfirm={!!buttons.actapplist_confirm} />
      <CheckInDesk activity={activity} open={desk} onClose={() => setDesk(false)} onChanged={refresh} />
    </div>
  );
}
