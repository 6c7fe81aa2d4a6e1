import { photoAlbumEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Image, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/http';
import { EntityPage } from '../../entity/EntityPage';
import type { Row } from '../../entity/entity-api';
import { entityKey } from '../../entity/use-entity-list';
import { useCan } from '../../stores/menu-store';
import { useFileUrl } from '../../lib/use-file-url';
import { AlbumView } from './AlbumView';
import { ShareDialog } from './ShareDialog';

/**
 * 活动相册 (DOMAIN 6.4): the albums with their covers, searched and paged; each opens to its photos,
 * is shared by link or downloaded whole as a zip.
 */
export default function AlbumPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canShare = useCan('photo_share');
  const canDownload = useCan('photo_download');
  const [open, setOpen] = useState<Row | null>(null);
  const [sharing, setSharing] = useState<Row | null>(null);
  const key = entityKey(photoAlbumEntity);
  return (
    <>
      <EntityPage
        entity={photoAlbumEntity}
        columns={['albumName', 'photoDate', 'photoCount', 'activityId', 'associationId', 'isPublic']}
        extraColumns={[{
          key: 'cover', title: t('giving.cover'), width: 110,
          render: (_: unknown, row: Row) => (row.coverThumbnailLink
            ? <Cover link={String(row.coverThumbnailLink)} />
            : null),
        }]}
        rowActions={(row) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setOpen(row)}>{t('giving.open')}</Button>
            {canShare && <Button type="link" size="small" onClick={() => setSharing(row)}>{t('giving.share')}</Button>}
            {canDownload && Number(row.photoCount) > 0 && (
              <Button type="link" size="small" onClick={() => void downloadFile('/photo/downLoad', { id: String(row.id) }).catch(() => undefined)}>{t('giving.download')}</Button>
            )}
          </Space>
        )}
      />
      <AlbumView album={open} onClose={() => setOpen(null)} listKey={key} />
      <ShareDialog album={sharing} onClose={() => setSharing(null)} onChanged={() => void client.invalidateQueries({ queryKey: key })} />
    </>
  );
}

/** An album's cover in the list, through its signed address. */
function Cover({ link }: { link: string }) {
  const url = useFileUrl(link);
  return url ? <Image src={url} width={96} height={64} style={{ objectFit: 'cover' }} preview={false} alt="" /> : null;
}
