import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import './portal.css';

// The alumni portal (/portal): an entry of its own, apart from the staff application, so that a
// phone opening a link from a text or an official-account menu loads only what the portal needs.
const container = document.getElementById('portal-root');
if (!container) throw new Error('missing #portal-root');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
