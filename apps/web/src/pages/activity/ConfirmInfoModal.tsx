import { App, Button, Descriptions, Input, Modal, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { APPLIST_BASE, type ConfirmInfo } from './activity-api';
import { DictText } from './DictText';

/** 确认信息 (DOMAIN 6.2): the applicant, the activity's seats and the alumnus; confirm, waitlist or reject. */
export function ConfirmInfoModal({ id, onClose, onChanged, canConfirm }: { id: string | null; onClose: () => void; onChanged: () => void; canConfirm: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const info = useQuery({ queryKey: ['confirm-info', id], enabled: !!id, queryFn: () => getData<ConfirmInfo>(`${APPLIST_BASE}/getConfirmInfo/${id}`), staleTime: 0 });
  const act = async (applyStatus: 1 | 2 | 4) => {
    if (applyStatus === 2 && opinion.trim().length < 2) {
      void message.warning(t('activity.rejectReasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await postData(`${APPLIST_BASE}/submit`, { id, applyStatus, ...(applyStatus === 2 ? { confirmOpinion: opinion.trim() } : {}) });
      void message.success(t('crud.opSuccess'));
      setOpinion('');
      onChanged();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const data = info.data;
  const pending = data && (data.application.applyStatus === 0 || data.application.applyStatus === 4);
  return (
    <Modal open={!!id} onCancel={onClose} title={t('activity.confirmInfo')} width={640} destroyOnHidden footer={canConfirm && pending ? (
      <Space>
        <Button onClick={() => void act(4)} disabled={busy || data?.application.applyStatus === 4}>{t('activity.waitlist')}</Button>
        <Button danger onClick={() => void act(2)} disabled={busy}>{t('activity.reject')}</Button>
        <Button type="primary" onClick={() => void act(1)} disabled={busy || !data?.canConfirm}>{t('activity.confirm')}</Button>
      </Space>
    ) : null}>
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered items={[
            { key: 'name', label: t('activity.applicant'), children: <Space wrap>{data.application.name}{data.alumni ? <Tag color="blue">{data.alumni.alumniCode}</Tag> : <Tag>{t('activity.guest')}</Tag>}</Space> },
            { key: 'no', label: t('activity.applyNo'), children: data.application.applyNo },
            { key: 'phone', label: t('activity.phone'), children: data.application.phone },
            { key: 'status', label: t('activity.status'), children: <DictText dict="apply_status" value={data.application.applyStatus} /> },
            { key: 'activity', label: t('activity.activity'), span: 2, children: `${data.activity.title} · ${data.activity.startTime}` },
            { key: 'seats', label: t('activity.seats'), span: 2, children: data.activity.capacity > 0
              ? `${data.activity.seatsTaken} / ${data.activity.capacity} (${t('activity.seatsLeft', { n: data.activity.seatsLeft ?? 0 })})`
              : `${data.activity.seatsTaken} / ${t('activity.summary.unlimited')}` },
            ...(data.alumni ? [{ key: 'alumnus', label: data.alumni.alumniCode, span: 2, children: `${data.alumni.name} · ${data.alumni.departmentName ?? ''} · ${data.alumni.firstEnrollmentYear ?? ''}` }] : []),
            ...(data.checkInCode ? [{ key: 'code', label: t('activity.codePlaceholder'), span: 2, children: <Typography.Text strong>{data.checkInCode}</Typography.Text> }] : []),
          ]} />
          {data.samePhoneApplications.length > 0 && (
            <Typography.Text type="secondary">{t('activity.samePhone')}: {data.samePhoneApplications.map((s) => s.applyNo).join(', ')}</Typography.Text>
          )}
          {!data.canConfirm && data.reason && <Typography.Text type="warning">{t('activity.cannotConfirm', { reason: data.reason })}</Typography.Text>}
          {canConfirm && pending && (
            <Input.TextArea rows={2} maxLength={255} value={opinion} onChange={(e) => setOpinion(e.target.value)} placeholder={t('activity.rejectReason')} aria-label={t('activity.rejectReason')} />
          )}
        </Space>
      )}
    </Modal>
  );
}
