import { App, Button, Input, Modal, QRCode, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';

interface Share { shareUrl: string | null; shareCode: string | null; expireTime: string | null }

/** Shares an album by link (DOMAIN 6.4): validity, the link to copy, its QR code, and revoking it. */
export function ShareDialog({ album, onClose, onChanged }: { album: Row | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [days, setDays] = useState(7);
  const [share, setShare] = useState<Share | null>(null);
  const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);
  const current = share?.shareUrl ?? (album?.shareCode ? `/share/album/${String(album.shareCode)}` : null);
  const create = async () => {
    setShare(await postData<Share>('/photo/shareAlbum', undefined, { id: String(album?.id), expireDays: days }));
    onChanged();
  };
  const revoke = async () => {
    await postData('/photo/shareAlbum', undefined, { id: String(album?.id), cancel: 1 });
    setShare({ shareUrl: null, shareCode: null, expireTime: null });
    message.success(t('crud.opSuccess'));
    onChanged();
  };
  return (
    <Modal open={!!album} title={t('giving.shareTitle')} onCancel={() => { setShare(null); onClose(); }} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <span>{t('giving.validity')}</span>
          <Select value={days} onChange={setDays} style={{ width: 140 }} aria-label={t('giving.validity')}
            options={[1, 7, 30].map((d) => ({ value: d, label: t('giving.days', { count: d }) })).concat([{ value: 0, label: t('giving.forever') }])} />
          <Button type="primary" onClick={() => void create().catch(() => undefined)}>{t('giving.createLink')}</Button>
        </Space>
        {current && share?.shareUrl !== null && (
          <>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={absolute(current)} aria-label="share-url" />
              <Button onClick={() => void navigator.clipboard?.writeText(absolute(current)).then(() => message.success(t('giving.copied')))}>{t('giving.copyLink')}</Button>
            </Space.Compact>
            <Typography.Text type="secondary">
              {share ? (share.expireTime ? t('giving.shareUntil', { time: share.expireTime }) : t('giving.noExpiry'))
                : album?.shareExpireTime ? t('giving.shareUntil', { time: String(album.shareExpireTime) }) : t('giving.noExpiry')}
            </Typography.Text>
            <QRCode value={absolute(current)} size={140} />
            <Button danger onClick={() => void revoke().catch(() => undefined)}>{t('giving.revoke')}</Button>
          </>
        )}
      </Space>
    </Modal>
  );
}
