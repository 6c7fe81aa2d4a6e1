import { Button, Empty, Image, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../i18n/business-texts';

interface SharedPhoto { id: string; name: string; link: string; thumbnailLink: string; description: string | null }

/**
 * A shared album (DOMAIN 6.4): public, outside the shell; its photos and the zip are read by the
 * share code alone, while the share is valid (分享链接已失效 afterwards).
 */
export default function SharedAlbumPage() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const [photos, setPhotos] = useState<SharedPhoto[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
    fetch(`/api/photo/getPhoto?shareCode=${encodeURIComponent(code)}`, { headers: { 'accept-language': lang } })
      .then((res) => res.json() as Promise<{ success: boolean; data: SharedPhoto[]; msg: string }>)
      .then((body) => (body.success ? setPhotos(body.data) : setFailure(body.msg)), () => setFailure(t('giving.shareExpired')));
  }, [code, i18n.language, t]);
  if (failure) return <Result status="warning" title={failure} />;
  if (!photos) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>{t('giving.sharedAlbum')}</h1>
        {photos.length > 0 && <Button type="primary" href={`/api/photo/downLoad?shareCode=${encodeURIComponent(code)}`}>{t('giving.downloadAll')}</Button>}
      </header>
      {photos.length === 0 ? <Empty description={t('giving.noPhotos')} /> : (
        <Image.PreviewGroup>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 12 }}>
            {photos.map((p) => (
              <figure key={p.id} style={{ margin: 0 }}>
                <Image src={p.thumbnailLink} preview={{ src: p.link }} alt={p.name} style={{ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover' }} />
                {p.description && <figcaption style={{ fontSize: 12 }}>{p.description}</figcaption>}
              </figure>
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </main>
  );
}
