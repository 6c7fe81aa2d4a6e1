/**
 * Login page LCP (largest contentful paint) at 4× CPU throttling: `/login` opened as a first visit
 * on a desktop screen (see lib/first-paint.ts for how). Figures only; nothing here passes or fails.
 *
 *   npm run build && npx tsx bench/login-lcp.ts
 *
 * Settings (environment, optional): BENCH_VISITS (9), BENCH_CPU_THROTTLE (4).
 */
import { measureFirstPaint } from './lib/first-paint.js';

await measureFirstPaint({
  name: 'login-lcp', path: '/login', htmlFile: 'index.html', targetMs: 1000,
  screen: { viewport: { width: 1440, height: 900 } }, screenLabel: '1440×900',
});
