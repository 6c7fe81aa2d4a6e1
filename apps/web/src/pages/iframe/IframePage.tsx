import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** A menu item that is a web address, embedded; the item's fields arrive in the query string. */
export default function IframePage() {
  const [query] = useSearchParams();
  const { t, i18n } = useTranslation();
  const name = (i18n.language === 'en' && query.get('nameEn')) || query.get('name') || t('shell.iframe.title');
  const src = query.get('src') ?? '';
  // Only web addresses and same-site pages are embedded, never script or data URLs.
  const safe = /^(https?:\/\/|\/)/.test(src) ? src : '';

  useEffect(() => {
    document.title = `${name} - ${t('app.title')}`;
  }, [name, t]);

  return (
    <div className="page-card iframe-page">
      <iframe title={name} src={safe || 'about:blank'} style={{ width: '100%', height: 'calc(100vh - 170px)', border: 0 }} />
    </div>
  );
}
