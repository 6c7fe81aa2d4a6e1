import { Component, type ReactNode } from 'react';
import { text } from '../i18n';
import { session } from '../session';

/** A screen that fails to render says so and offers a reload, instead of leaving the page blank. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { lang } = session();
    return (
      <div className="p-app">
        <main className="p-main">
          <div className="p-card" role="alert">
            <p>{text(lang, 'common.broken')}</p>
            <button type="button" className="p-btn p-btn-primary" onClick={() => window.location.reload()}>{text(lang, 'common.reload')}</button>
          </div>
        </main>
      </div>
    );
  }
}
