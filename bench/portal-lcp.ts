/**
 * The alumni portal's first paint at 4× CPU throttling, as a phone opening a link from a text would:
 * `/portal/login` opened as a first visit at 390×844 (see lib/first-paint.ts for how). Figures only;
 * nothing here passes or fails.
 *
 *   npm run build && npx tsx bench/portal-lcp.ts
 *
 * Settings (environment, optional): BENCH_VISITS (9), BENCH_CPU_THROTTLE (4).
 */
import { measureFirstPaint } from './lib/first-paint.js';

await measureFirstPaint({
  name: 'portal-lcp', path: '/portal/login', htmlFile: 'portal.html', targetMs: 1000,
  screen: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }, screenLabel: '390×844',
});
