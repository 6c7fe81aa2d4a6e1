/**
 * Login page LCP (largest contentful paint) at 4× CPU throttling: the compiled product serving the
 * built web app in a process of its own, Debian's Chromium (headless) opening `/login` as a first
 * visit — a new browser context each time, so nothing is cached — with Chrome's CPU throttling at
 * 4×. Figures only; nothing here passes or fails a build.
 *
 *   npm run build && npx tsx bench/login-lcp.ts
 *
 * Settings (environment, optional): BENCH_VISITS (9), BENCH_CPU_THROTTLE (4).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../e2e/support/product.js';
import { percentile } from './lib/closed-loop-load.js';
import { startServerProcess } from './lib/server-process.js';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const webDir = path.join(repoRoot, 'apps/web/dist');
const VISITS = Number(process.env.BENCH_VISITS ?? 9);
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const TARGET_MS = 1000;

const log = (line: string) => console.log(`[login-lcp ${new Date().toISOString().slice(11, 19)}] ${line}`);

if (!existsSync(path.join(webDir, 'index.html')) || !existsSync(path.join(repoRoot, 'apps/api/dist/server.js'))) {
  log('the product is not built: run `npm run build` first; nothing measured.');
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumni-lcp-'));
const server = await startServerProcess(repoRoot, dataDir, { WEB_DIR: webDir });
const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  /** One first visit of /login; answers its LCP and what the largest paint was, in ms from navigation. */
  const visit = async (): Promise<{ lcp: number; element: string }> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.goto(`${server.address}/login`, { waitUntil: 'load' });
      await page.locator('input').first().waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForTimeout(1000); // a later, larger paint would still count
      return await page.evaluate(() => new Promise<{ lcp: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
          const last = entries[entries.length - 1];
          // No named functions in here: the bundler would wrap them in a helper the page does not have.
          const described = entries.map((e) => {
            const el = e.element;
            return `${el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '?'}@${Math.round(e.startTime)}`;
          });
          const paints = performance.getEntriesByType('paint').map((p) => `${p.name}@${Math.round(p.startTime)}`);
          resolve({ lcp: last?.startTime ?? Number.NaN, element: `${described[described.length - 1] ?? '?'} (${[...described.slice(0, -1), ...paints].join(', ')})` });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }));
    } finally {
      await context.close();
    }
  };

  log(`server at ${server.address}; one warm-up visit, then ${VISITS} measured, CPU throttled ${THROTTLE}×`);
  await visit();
  const lcps: number[] = [];
  const elements = new Set<string>();
  for (let i = 0; i < VISITS; i++) {
    const { lcp, element } = await visit();
    lcps.push(lcp);
    elements.add(element);
    log(`  visit ${i + 1}: LCP ${fmt(lcp, 0)} ms (${element})`);
  }
  lcps.sort((a, b) => a - b);
  const median = percentile(lcps, 0.5);
  const table = new Table(['Figure', 'Measured', 'Target', '']);
  table.section(`/login, first visit, ${THROTTLE}× CPU throttling, ${VISITS} visits (largest paint: ${[...elements].join(', ')})`);
  table.row('LCP median', `${fmt(median, 0)} ms`, `≤ ${TARGET_MS} ms`, median <= TARGET_MS ? 'PASS' : 'MISS');
  table.row('LCP min / max', `${fmt(lcps[0] ?? Number.NaN, 0)} / ${fmt(lcps[lcps.length - 1] ?? Number.NaN, 0)} ms`, '', '');
  console.log('');
  console.log(table.render());
  console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
