import { ErrorLine, Loading } from '../components/controls';
import { Shell } from '../components/Shell';
import { useT, type TextKey } from '../i18n';
import { Link } from '../router';
import { useSession } from '../session';
import { useSettings, type Section } from '../settings';

const ICONS: Record<Section | 'card' | 'me', string> = {
  notices: 'M6 17V11a6 6 0 0112 0v6l2 2H4zM10 21h4',
  messages: 'M4 5h16v11H8l-4 4z',
  texts: 'M4 20l1-4L16 5l3 3L8 19zM14 7l3 3',
  surveys: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h3',
  activities: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  gifts: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-4 0M12 7c2-4 6-3 4 0',
  privacy: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  me: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
};

/** The portal's home: a greeting and a tile for each section the school shows. */
export default function HomePage() {
  const { t } = useT();
  const { name } = useSession();
  const { settings, error } = useSettings();
  return (
    <Shell active="home">
      {name ? <p className="p-greeting" data-user-data="">{t('home.greeting', { name })}</p> : null}
      {error ? <ErrorLine message={error} retryText={t('common.retry')} onRetry={() => window.location.reload()} /> : null}
      {!settings && !error ? <Loading /> : null}
      {settings && !settings.enabled ? <div className="p-card"><p>{t('home.closed')}</p></div> : null}
      {settings?.enabled ? (
        <ul className="p-tiles">
          {[...settings.sections, 'card' as const, 'me' as const].map((section) => (
            <li key={section}>
              <Link to={`/portal/${section}`} className="p-tile">
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><path d={ICONS[section]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" /></svg>
                <span className="p-tile-name">{t(`section.${section}` as TextKey)}</span>
                <span className="p-tile-hint">{t(`section.${section}.hint` as TextKey)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Shell>
  );
}
