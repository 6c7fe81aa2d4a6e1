import { useEffect, type ReactNode } from 'react';
import { useT } from '../i18n';
import { goBack, Link } from '../router';
import { setLang, useSession } from '../session';
import { useSettings } from '../settings';
import { ConfirmHost, Toasts } from './feedback';

/**
 * The frame of every portal screen: a top bar (back, title, language), the screen, and for a
 * signed-in alumnus a bottom bar with home, notices and me, sized for a thumb.
 */
export function Shell({ title, back, active, children }: { title?: string; back?: string; active?: 'home' | 'notices' | 'me'; children: ReactNode }) {
  const { t, lang } = useT();
  const { token } = useSession();
  const { settings } = useSettings();
  const heading = title ?? settings?.schoolName ?? t('app.title');
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = heading === appTitle ? appTitle : `${heading} · ${appTitle}`;
  }, [heading, appTitle]);
  return (
    <div className={`p-app${token ? ' p-with-nav' : ''}`}>
      <header className="p-top">
        {back ? (
          <button type="button" className="p-icon-btn" aria-label={t('common.back')} onClick={() => goBack(back)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /></svg>
          </button>
        ) : settings?.logoUrl ? <img className="p-logo" src={settings.logoUrl} alt="" /> : <span className="p-top-spacer" />}
        {/* The school's name is the school's own text, in whatever language it chose. */}
        <h1 className="p-top-title" data-user-data={title ? undefined : ''}>{heading}</h1>
        <button type="button" className="p-lang language-switch" aria-label={t('common.switchLangLabel')} lang={lang === 'zh' ? 'en' : 'zh-CN'} onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
          {t('common.switchLang')}
        </button>
      </header>
      <main className="p-main">{children}</main>
      {token ? (
        <nav className="p-nav" aria-label={t('app.title')}>
          <NavItem to="/portal" current={active === 'home'} label={t('nav.home')} icon="M4 11l8-7 8 7v9h-5v-6H9v6H4z" />
          <NavItem to="/portal/notices" current={active === 'notices'} label={t('nav.notices')} icon="M6 17V11a6 6 0 0112 0v6l2 2H4zM10 21h4" />
          <NavItem to="/portal/me" current={active === 'me'} label={t('nav.me')} icon="M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0" />
        </nav>
      ) : null}
      <Toasts />
      <ConfirmHost />
    </div>
  );
}

function NavItem({ to, current, label, icon }: { to: string; current: boolean; label: string; icon: string }) {
  return (
    <Link to={to} className={`p-nav-item${current ? ' p-nav-current' : ''}`} aria-current={current ? 'page' : undefined}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d={icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" /></svg>
      <span>{label}</span>
    </Link>
  );
}
