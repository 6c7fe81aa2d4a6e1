import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Empty, Image, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, getData, http, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { useCan } from '../../stores/menu-store';
import { useFileUrls } from '../../lib/use-file-url';

interface Photo { id: string; name: string; link: string; thumbnailLink: string; description: string | null; sort: number; downloadCount: number }

/**
 * An album's photos (DOMAIN 6.4): a drop zone sending each photo on its own with its progress,
 * selection (all, download, delete, cover), full-screen preview and captions.
 */
export function AlbumView({ album, onClose, listKey }: { album: Row | null; onClose: () => void; listKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const canUpload = useCan('photo_upload');
  const canDelete = useCan('photo_delete');
  const canEdit = useCan('photo_edit');
  const canDownload = useCan('photo_download');
  const [selected, setSelected] = useState<string[]>([]);
  const [captions, setCaptions] = useState<Record<string, string>>({});
  const id = album ? String(album.id) : '';
  const key = ['album-photos', id];
  const photos = useQuery({ queryKey: key, queryFn: () => getData<Photo[]>('/photo/getPhoto', { id }), enabled: !!album });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: key });
    await client.invalidateQueries({ queryKey: listKey });
  };
  const list = photos.data ?? [];
  const urls = useFileUrls(list.flatMap((p) => [p.thumbnailLink, p.link]));

  const removeSelected = () => modal.confirm({
    title: t('giving.deletePhotosConfirm', { count: selected.length }),
    okButtonProps: { danger: true },
    onOk: async () => {
      await postData('/photo/remove', undefined, { photoIds: selected.join(',') });
      setSelected([]);
      message.success(t('crud.opSuccess'));
      await refresh();
    },
  });
  const setCover = async () => {
    await postData('/photo/update', { id, coverPhotoId: selected[0] });
    message.success(t('crud.opSuccess'));
    await refresh();
  };
  const saveCaption = async (photo: Photo) => {
    await postData('/photo/update', { id, photos: [{ id: photo.id, description: captions[photo.id] ?? '' }] });
    message.success(t('crud.opSuccess'));
    await refresh();
  };

  return (
    <Drawer open={!!album} onClose={onClose} width="min(1100px, 100vw)" title={album ? String(album.albumName) : ''} destroyOnHidden>
      {canUpload && (
        <Upload.Dragger
          multiple
          accept=".jpg,.jpeg,.png,.webp"
          aria-label={t('giving.upload')}
          customRequest={({ file, onProgress, onSuccess, onError }) => {
            const form = new FormData();
            form.append('albumId', id);
            form.append('files', file as File);
            http.post('/photo/uploadPhoto', form, {
              timeout: 0,
              onUploadProgress: (e) => onProgress?.({ percent: e.total ? Math.round((e.loaded / e.total) * 100) : 0 }),
            }).then((res) => { onSuccess?.(res.data); void refresh(); }, (err: Error) => onError?.(err));
          }}
          height={130}
          style={{ marginBottom: 12 }}
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p>{t('giving.dropHint')}</p>
        </Upload.Dragger>
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Checkbox
          checked={list.length > 0 && selected.length === list.length}
          indeterminate={selected.length > 0 && selected.length < list.length}
          onChange={(e) => setSelected(e.target.checked ? list.map((p) => p.id) : [])}
        >{t('giving.selectAll')}</Checkbox>
        {canDownload && (
          <Button disabled={list.length === 0} onClick={() => void downloadFile('/photo/downLoad', { id, ...(selected.length ? { photoIds: selected.join(',') } : {}) }).catch(() => undefined)}>
            {selected.length ? t('giving.downloadSelected') : t('giving.downloadAll')}
          </Button>
        )}
        {canDelete && <Button danger disabled={selected.length === 0} onClick={removeSelected}>{t('giving.deleteSelected')}</Button>}
        {canEdit && <Button disabled={selected.length !== 1} onClick={() => void setCover().catch(() => undefined)}>{t('giving.setCover')}</Button>}
      </Space>
      {list.length === 0 ? <Empty description={t('giving.noPhotos')} /> : (
        <Image.PreviewGroup>
          <div className="album-photos" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 }}>
            {list.map((p) => (
              <div key={p.id} data-testid="album-photo" style={{ border: '1px solid var(--ant-color-border-secondary, #eee)', borderRadius: 8, padding: 8 }}>
                <Checkbox checked={selected.includes(p.id)} onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((x) => x !== p.id)))}>
                  {String(album?.coverPhotoId) === p.id ? t('giving.cover') : ''}
                </Checkbox>
                <Image src={urls[p.thumbnailLink]} preview={{ src: urls[p.link] }} alt={p.name} style={{ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover' }} />
                <div style={{ fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={p.name}>{p.name}</div>
                {canEdit && (
                  <Space.Compact style={{ width: '100%' }}>
                    <Input size="small" maxLength={255} placeholder={t('giving.caption')} value={captions[p.id] ?? p.description ?? ''}
                      onChange={(e) => setCaptions((c) => ({ ...c, [p.id]: e.target.value }))} />
                    <Button size="small" onClick={() => void saveCaption(p).catch(() => undefined)}>{t('crud.save')}</Button>
                  </Space.Compact>
                )}
              </div>
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </Drawer>
  );
}
