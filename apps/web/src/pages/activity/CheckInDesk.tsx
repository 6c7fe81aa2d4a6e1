import { App, Button, Descriptions, Input, Modal, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { QrCameraReader } from '../../components/QrCameraReader';
import { usePhone } from '../../entity/use-phone';
import { APPLIST_BASE, type ConfirmInfo } from './activity-api';
import { DictText } from './DictText';

/**
 * The check-in desk (DOMAIN 6.2 签到台), sized for a phone: type the 6-digit code (or scan its QR
 * code with the camera), see who it is, check them in. On a phone the check-in comes before the
 * person's details, within the thumb's reach (decision 328).
 */
export function CheckInDesk({ activity, open, onClose, onChanged }: {
  activity: { id: string; title: string } | null; open: boolean; onClose: () => void; onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [info, setInfo] = useState<ConfirmInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = usePhone();

  const find = async (value = code) => {
    if (!activity) return;
    if (!/^\d{6}$/.test(value)) {
      void message.warning(t('activity.codeFormat'));
      return;
    }
    setBusy(true);
    try {
      setInfo(await getData<ConfirmInfo>(`${APPLIST_BASE}/checkIn`, { activityId: activity.id, checkInCode: value }));
    } catch {
      setInfo(null);
    } finally {
      setBusy(false);
    }
  };
  const checkIn = async () => {
    if (!info) return;
    setBusy(true);
    try {
      await postData(`${APPLIST_BASE}/submit`, { id: info.application.id, signIn: 1 });
      void message.success(t('activity.checkInDone'));
      setInfo({ ...info, application: { ...info.application, signIn: 1 } });
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const next = () => {
    setInfo(null);
    setCode('');
  };
  const a = info?.application;
  const mainAction = a && (a.signIn === 1
    ? <Result status="success" title={t('activity.checkedIn')} subTitle={a.signInTime ?? ''} style={{ padding: 8 }} />
    : <Button size="large" type="primary" block loading={busy} disabled={a.applyStatus !== 1} onClick={() => void checkIn()}>{t('activity.checkIn')}</Button>);

  return (
    <Modal open={open} onCancel={() => { next(); onClose(); }} footer={null} width={480} centered
      title={t('activity.deskTitle', { title: activity?.title ?? '' })} className="check-in-desk" destroyOnHidden>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('activity.deskHint')}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input size="large" value={code} maxLength={6} inputMode="numeric" autoComplete="off" placeholder={t('activity.codePlaceholder')}
            aria-label={t('activity.codePlaceholder')} className="check-in-code"
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} onPressEnter={() => void find()} />
          <Button size="large" type="primary" loading={busy && !info} onClick={() => void find()}>{t('activity.find')}</Button>
        </Space.Compact>
        <QrCameraReader label={t('activity.scan')} primary={false} stopOnRead disabled={!open} onRead={(value) => {
          const found = /\d{6}/.exec(value)?.[0];
          if (!found) return;
          setCode(found);
          void find(found);
        }} />
        {info && a && (
          <>
            {phone && mainAction}
            <Descriptions size="small" column={1} bordered items={[
              { key: 'name', label: t('activity.applicant'), children: <Space wrap>{a.name}{info.alumni ? <Tag color="blue">{info.alumni.alumniCode}</Tag> : <Tag>{t('activity.guest')}</Tag>}</Space> },
              { key: 'phone', label: t('activity.applyNo'), children: <>{a.applyNo} · {a.phone}</> },
              { key: 'status', label: t('activity.status'), children: <Space wrap><Tag><DictText dict="apply_status" value={a.applyStatus} /></Tag>{a.companions > 0 && <Tag>{t('activity.companions', { n: a.companions })}</Tag>}{a.signIn === 1 && <Tag color="green">{t('activity.checkedIn')}</Tag>}</Space> },
            ]} />
            {!phone && mainAction}
            <Button block onClick={next}>{t('activity.next')}</Button>
          </>
        )}
      </Space>
    </Modal>
  );
}
