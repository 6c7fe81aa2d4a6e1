import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, Input, List, Result, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { QrCameraReader } from '../../components/QrCameraReader';
import { useMenuStore } from '../../stores/menu-store';
import {
  CHECK_IN_BASE, flush, newScanId, queued, send, type CheckInActivity, type CheckInCounts, type Scan, type SendResult,
} from './check-in-queue';
import './activity.css';

const COUNTS_EVERY_MS = 5000;

/** What the desk shows of one scan. */
type Shown = { key: string; kind: 'checkedIn' | 'already' | 'refused' | 'queued'; title: string; detail: string; applicationId?: string };

/**
 * 签到台 (decision 268), made for a phone: choose the activity, scan tickets with the camera (a QR
 * reader loaded on first use) or type the 6-digit code; each ticket checks in once, a second scan
 * says when. Scans taken while the network is away wait on the phone and are sent when it returns.
 */
export default function CheckInDeskPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const buttons = useMenuStore((s) => s.buttons);
  const [activityId, setActivityId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<Shown[]>([]);
  const [waiting, setWaiting] = useState(() => queued().length);

  const activities = useQuery({ queryKey: ['check-in-activities'], queryFn: () => getData<CheckInActivity[]>(`${CHECK_IN_BASE}/activities`) });
  const counts = useQuery({
    queryKey: ['check-in-counts', activityId], enabled: !!activityId, refetchInterval: COUNTS_EVERY_MS,
    queryFn: () => getData<CheckInCounts>(`${CHECK_IN_BASE}/counts`, { activityId: activityId ?? '' }),
  });
  useEffect(() => {
    if (!activityId && activities.data?.[0]) setActivityId(activities.data[0].id);
  }, [activities.data, activityId]);

  const show = useCallback((result: SendResult) => {
    const { scan } = result;
    let item: Shown;
    if ('answer' in result) {
      const a = result.answer;
      item = {
        key: scan.scanId, kind: a.outcome, applicationId: a.application.id,
        title: `${a.application.name}${a.application.companions > 0 ? ` +${a.application.companions}` : ''}`,
        detail: a.outcome === 'checkedIn' ? t('activity.checkInDesk.checkedInNow', { time: a.signInTime }) : t('activity.checkInDesk.already', { time: a.signInTime }),
      };
      void counts.refetch();
    } else if ('refused' in result) item = { key: scan.scanId, kind: 'refused', title: t('activity.checkInDesk.refused'), detail: result.refused };
    else item = { key: scan.scanId, kind: 'queued', title: t('activity.checkInDesk.queuedTitle'), detail: t('activity.checkInDesk.queued') };
    setShown((before) => [item, ...before.filter((s) => s.key !== item.key)].slice(0, 20));
    setWaiting(queued().length);
  }, [counts, t]);

  const submit = useCallback(async (value: string) => {
    if (!activityId) return;
    const scan: Scan = { scanId: newScanId(), activityId, takenAt: new Date().toISOString() };
    if (/^\d{6}$/.test(value)) scan.checkInCode = value;
    else scan.token = value;
    show(await send(scan));
  }, [activityId, show]);

  // Queued scans go out when the network comes back, and every few seconds while some wait.
  useEffect(() => {
    const retry = () => { if (queued().length > 0) void flush(show).then(setWaiting); };
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, COUNTS_EVERY_MS);
    return () => { window.removeEventListener('online', retry); window.clearInterval(timer); };
  }, [show]);

  const revoke = (item: Shown) => {
    if (!item.applicationId) return;
    modal.confirm({
      title: t('activity.checkInDesk.revokeAsk', { name: item.title }), okButtonProps: { danger: true }, okText: t('activity.checkInDesk.revoke'),
      onOk: async () => {
        await postData(`${CHECK_IN_BASE}/revoke`, { applicationId: item.applicationId });
        void message.success(t('activity.checkInDesk.revoked'));
      },
    });
  };

  const c = counts.data;
  const color = { checkedIn: 'success', already: 'warning', refused: 'error', queued: 'processing' } as const;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 560 }} className="check-in-desk-page">
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select style={{ width: '100%' }} size="large" loading={activities.isLoading} value={activityId} onChange={setActivityId}
            aria-label={t('activity.checkInDesk.activity')} placeholder={t('activity.checkInDesk.activity')}
            options={(activities.data ?? []).map((a) => ({ value: a.id, label: `${a.title} · ${a.startTime.slice(0, 16)}` }))}
            notFoundContent={<Empty description={t('activity.checkInDesk.noActivity')} />} />
          {c && (
            <Space size="large" wrap className="check-in-counts" aria-live="polite">
              <Statistic title={t('activity.checkInDesk.checkedIn')} value={c.checkedIn} />
              <Statistic title={t('activity.checkInDesk.confirmed')} value={c.confirmed} />
              <Statistic title={t('activity.checkInDesk.capacity')} value={c.capacity > 0 ? c.capacity : t('activity.checkInDesk.noLimit')} />
            </Space>
          )}
          {waiting > 0 && <Badge status="processing" text={t('activity.checkInDesk.waiting', { n: waiting })} />}
        </Space>
      </Card>
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <QrCameraReader label={t('activity.checkInDesk.camera')} disabled={!activityId} videoClassName="check-in-video" onRead={(value) => void submit(value)} />
          <Space.Compact style={{ width: '100%' }}>
            <Input size="large" value={code} maxLength={6} inputMode="numeric" autoComplete="off" placeholder={t('activity.codePlaceholder')}
              aria-label={t('activity.codePlaceholder')} className="check-in-code"
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              onPressEnter={() => { if (/^\d{6}$/.test(code)) { void submit(code); setCode(''); } }} />
            <Button size="large" disabled={!activityId || !/^\d{6}$/.test(code)} onClick={() => { void submit(code); setCode(''); }}>{t('activity.checkIn')}</Button>
          </Space.Compact>
        </Space>
      </Card>
      {shown[0] && (
        <Result className="check-in-result" status={shown[0].kind === 'checkedIn' ? 'success' : shown[0].kind === 'refused' ? 'error' : shown[0].kind === 'already' ? 'warning' : 'info'}
          title={shown[0].title} subTitle={shown[0].detail} style={{ padding: 8 }}
          extra={shown[0].applicationId && buttons.checkindesk_revoke ? <Button danger onClick={() => revoke(shown[0] as Shown)}>{t('activity.checkInDesk.revoke')}</Button> : null} />
      )}
      {shown.length > 1 && (
        <List size="small" header={<Typography.Text type="secondary">{t('activity.checkInDesk.recent')}</Typography.Text>} dataSource={shown.slice(1)}
          renderItem={(item) => <List.Item><Space wrap><Tag color={color[item.kind]}>{t(`activity.checkInDesk.kind.${item.kind}`)}</Tag>{item.title}<Typography.Text type="secondary">{item.detail}</Typography.Text></Space></List.Item>} />
      )}
    </Space>
  );
}
