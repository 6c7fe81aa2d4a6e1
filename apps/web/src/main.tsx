import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { languageReady } from './i18n';
import './styles.css';
import { AppProviders } from './AppProviders';
import { router } from './router/router';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

// The first render waits for the chosen language (English is a chunk of its own).
void languageReady.then(() => createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
));
