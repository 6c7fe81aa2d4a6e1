import type { ReactNode } from 'react';

interface Props {
  /** The language switch in the corner. */
  languageSwitch: ReactNode;
  logoMark: string;
  title: string;
  subtitle: string;
  footer: string;
  children: ReactNode;
}

/**
 * The sign-in page around its form: background, language switch, card, brand and footer. The page
 * itself and the stand-in the index page shows while the scripts load (`LoginStandIn`) share it, so
 * the one replaces the other without anything moving.
 */
export function LoginFrame({ languageSwitch, logoMark, title, subtitle, footer, children }: Props) {
  return (
    <div className="login-page">
      {languageSwitch}
      <main className="login-card">
        <div className="login-brand">
          <div className="login-logo">{logoMark}</div>
          <h1>{title}</h1>
          <p>{subtitle}</p>
        </div>
        {children}
        <div className="login-footer">{footer}</div>
      </main>
    </div>
  );
}
