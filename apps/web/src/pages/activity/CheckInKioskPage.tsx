import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Statistic, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { CHECK_IN_BASE, type CheckInActivity, type CheckInCounts } from './check-in-queue';
import './activity.css';

interface Kiosk { activityId: string; title: string; link: string; counts: CheckInCounts }

/**
 * 自助签到 (decision 268): a screen at the venue shows the activity's QR code; an alumnus scans it
 * with the phone, the portal opens signed in and checks their confirmed application in.
 */
export default function CheckInKioskPage() {
  const { t } = useTranslation();
  const [activityId, setActivityId] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const activities = useQuery({ queryKey: ['check-in-activities'], queryFn: () => getData<CheckInActivity[]>(`${CHECK_IN_BASE}/activities`) });
  const kiosk = useQuery({
    queryKey: ['check-in-kiosk', activityId], enabled: !!activityId, refetchInterval: 5000,
    queryFn: () => getData<Kiosk>(`${CHECK_IN_BASE}/kiosk`, { activityId: activityId ?? '' }),
  });
  useEffect(() => {
    if (!activityId && activities.data?.[0]) setActivityId(activities.data[0].id);
  }, [activities.data, activityId]);
  const link = kiosk.data?.link ?? null;
  useEffect(() => {
    let current = true;
    setImage(null);
    if (link) void import('qrcode').then((qr) => qr.toDataURL(link, { margin: 2, width: 480 })).then((url) => { if (current) setImage(url); });
    return () => { current = false; };
  }, [link]);
  const c = kiosk.data?.counts;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 640 }}>
      <Select style={{ width: '100%' }} size="large" value={activityId} onChange={setActivityId} aria-label={t('activity.checkInDesk.activity')}
        options={(activities.data ?? []).map((a) => ({ value: a.id, label: `${a.title} · ${a.startTime.slice(0, 16)}` }))}
        notFoundContent={<Empty description={t('activity.checkInDesk.noActivity')} />} />
      {kiosk.data && (
        <Card className="check-in-kiosk" style={{ textAlign: 'center' }}>
          <Typography.Title level={3} data-user-data>{kiosk.data.title}</Typography.Title>
          <Typography.Paragraph>{t('activity.checkInDesk.kioskHint')}</Typography.Paragraph>
          {image && <img src={image} alt={t('activity.checkInDesk.kioskQr')} style={{ width: 'min(480px, 100%)', imageRendering: 'pixelated' }} data-link={link ?? ''} />}
          {c && (
            <Space size="large" wrap style={{ justifyContent: 'center', width: '100%' }}>
              <Statistic title={t('activity.checkInDesk.checkedIn')} value={c.checkedIn} />
              <Statistic title={t('activity.checkInDesk.confirmed')} value={c.confirmed} />
              <Statistic title={t('activity.checkInDesk.capacity')} value={c.capacity > 0 ? c.capacity : t('activity.checkInDesk.noLimit')} />
            </Space>
          )}
        </Card>
      )}
    </Space>
  );
}
