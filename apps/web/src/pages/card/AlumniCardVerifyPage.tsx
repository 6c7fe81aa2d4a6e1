import { alumniCardEntity } from '@alumni/domain';
import { Alert, Avatar, Button, Card, Descriptions, Form, Input, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import { ApiError } from '../../api/api-error';
import { QrCameraReader } from '../../components/QrCameraReader';

interface VerifiedCard {
  cardNo: string; name: string; photo: string | null; department: string | null; speciality: string | null; year: number | null;
  validFrom: string | null; validUntil: string | null; status: string; statusLabel: string;
}
interface Verdict { valid: boolean; msg: string; card: VerifiedCard }

const STATE_COLOURS: Record<string, string> = { active: 'green', suspended: 'orange', revoked: 'red', expired: 'default' };

/**
 * 校友卡核验: the code of the card an alumnus shows — read with the phone's camera, scanned (a
 * scanner types it and presses Enter) or typed — checked by the server; the answer shows the holder (photo, name, class), the validity
 * and the state, in green when the card is valid and red when it is refused.
 */
export default function AlumniCardVerifyPage() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  const verify = async (value = code) => {
    setVerdict(null);
    setRefusal(null);
    if (!value.trim()) {
      setRefusal(t('card.codeRequired'));
      return;
    }
    setBusy(true);
    try {
      setVerdict(await postData<Verdict>(`${alumniCardEntity.api?.base}/verify`, { code: value.trim() }));
    } catch (error) {
      setRefusal(error instanceof ApiError || error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
      setCode('');
      input.current?.focus();
    }
  };

  const card = verdict?.card;
  const klass = card ? [card.department, card.speciality, card.year ? t('card.year', { year: card.year }) : null].filter(Boolean).join(' · ') : '';
  return (
    <Card title={t('card.verifyTitle')} style={{ maxWidth: 720 }}>
      <p>{t('card.verifyHint')}</p>
      <Form layout="vertical" onFinish={() => void verify()}>
        <Form.Item label={t('card.codeLabel')} htmlFor="card-code">
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="card-code" ref={(el) => { input.current = el?.input ?? null; }} autoFocus autoComplete="off" value={code}
              placeholder={t('card.codePlaceholder')} onChange={(e) => setCode(e.target.value)} maxLength={60}
            />
            <Button type="primary" htmlType="submit" loading={busy}>{t('card.verify')}</Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <div style={{ marginBottom: 16 }}>
        <QrCameraReader label={t('card.camera')} onRead={(value) => void verify(value)} />
      </div>
      {refusal ? <Alert type="error" showIcon message={refusal} role="alert" /> : null}
      {verdict && card ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type={verdict.valid ? 'success' : 'error'} showIcon message={verdict.msg} role="status" />
          {/* The photo beside the holder's details, above them on a phone. */}
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 16 }}>
            {card.photo
              ? <Avatar shape="square" size={96} src={card.photo} alt={card.name} />
              : <Avatar shape="square" size={96}>{t('card.noPhoto')}</Avatar>}
            <Descriptions column={1} size="small" bordered style={{ flex: '1 1 260px' }}>
              <Descriptions.Item label={t('card.name')}><span data-user-data="">{card.name}</span></Descriptions.Item>
              <Descriptions.Item label={t('card.klass')}><span data-user-data="">{klass}</span></Descriptions.Item>
              <Descriptions.Item label={t('card.cardNo')}><span data-user-data="">{card.cardNo}</span></Descriptions.Item>
              <Descriptions.Item label={t('card.validity')}><span data-user-data="">{`${card.validFrom ?? ''} – ${card.validUntil ?? ''}`}</span></Descriptions.Item>
              <Descriptions.Item label={t('card.state')}><Tag color={STATE_COLOURS[card.status] ?? 'default'}>{card.statusLabel}</Tag></Descriptions.Item>
            </Descriptions>
          </div>
        </Space>
      ) : null}
    </Card>
  );
}
