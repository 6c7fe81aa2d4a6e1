import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { languageReady } from './i18n';
import './styles.css';
import { AppProviders } from './AppProviders';
import { router } from './router/router';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

// The sign-in page's stand-in of the index page (scripts/prerender-login.mjs), shown on /login only,
// gives way as soon as the app has put anything on the page, in the same frame; elsewhere its empty
// holder goes at once and nothing waits for it.
const holder = document.getElementById('login-stand-in');
const standIn = holder?.firstChild ? holder : null;
if (!standIn) holder?.remove();
else {
  const watch = new MutationObserver(() => {
    if (!container.firstChild) return;
    watch.disconnect();
    standIn.remove();
  });
  watch.observe(container, { childList: true });
}

/** After the next frame, when a stand-in is showing: the browser first counts its paint (a node removed before then is left out of the paint timings). */
const standInCounted = () => (standIn ? new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))) : Promise.resolve());

// The first render waits for the chosen language (English is a chunk of its own).
void Promise.all([languageReady, standInCounted()]).then(() => createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
));
