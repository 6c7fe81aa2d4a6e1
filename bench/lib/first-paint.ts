/**
 * First visits of one page of the built product at throttled CPU: the compiled product serving the
 * built web app in a process of its own, Debian's Chromium (headless) opening the page as a first
 * visit — a new browser context each time, so nothing is cached — with Chrome's CPU throttling. It
 * prints the first contentful paint, the largest contentful paint (and what it painted) and the
 * JavaScript the page downloaded, beside the load average. Figures only; nothing passes or fails.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContextOptions } from '@playwright/test';
import { fullChromiumPath } from '../../e2e/support/product.js';
import { percentile } from './closed-loop-load.js';
import { startServerProcess } from './server-process.js';
import { Table, fmt } from './table.js';

export interface FirstPaintRun {
  /** The name the log lines carry, e.g. `login-lcp`. */
  name: string;
  /** The address visited, e.g. `/login`. */
  path: string;
  /** The built page that must exist, e.g. `index.html`. */
  htmlFile: string;
  /** The screen, as Playwright's context options. */
  screen: BrowserContextOptions;
  /** Said of the screen in the figures, e.g. `390×844`. */
  screenLabel: string;
  targetMs: number;
}

interface Visit { fcp: number; lcp: number; element: string; jsBytes: number }

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const webDir = path.join(repoRoot, 'apps/web/dist');

export async function measureFirstPaint(run: FirstPaintRun): Promise<void> {
  const visits = Number(process.env.BENCH_VISITS ?? 9);
  const throttle = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
  const log = (line: string) => console.log(`[${run.name} ${new Date().toISOString().slice(11, 19)}] ${line}`);
  if (!existsSync(path.join(webDir, run.htmlFile)) || !existsSync(path.join(repoRoot, 'apps/api/dist/server.js'))) {
    log(`the product is not built (or has no ${run.htmlFile}): run \`npm run build\` first; nothing measured.`);
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `alumni-${run.name}-`));
  const server = await startServerProcess(repoRoot, dataDir, { WEB_DIR: webDir });
  const browser = await chromium.launch({ executablePath: fullChromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const visit = async (): Promise<Visit> => {
      const context = await browser.newContext({ locale: 'zh-CN', ...run.screen });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await cdp.send('Network.enable');
        let jsBytes = 0;
        // Bytes on the wire (compressed as sent) of every script the visit loaded.
        const scripts = new Set<string>();
        cdp.on('Network.responseReceived', (event) => {
          if (event.type === 'Script') scripts.add(event.requestId);
        });
        cdp.on('Network.loadingFinished', (event) => {
          if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength;
        });
        await page.goto(`${server.address}${run.path}`, { waitUntil: 'load' });
        await page.locator('input').first().waitFor({ state: 'visible', timeout: 60_000 });
        await page.waitForTimeout(1000); // a later, larger paint would still count
        const paints = await page.evaluate(() => new Promise<{ fcp: number; lcp: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1];
            // No named functions in here: the bundler would wrap them in a helper the page does not have.
            const described = entries.map((e) => {
              const el = e.element;
              return `${el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '?'}@${Math.round(e.startTime)}`;
            });
            const fcp = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint');
            resolve({ fcp: fcp?.startTime ?? Number.NaN, lcp: last?.startTime ?? Number.NaN, element: described.join(', ') || '?' });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }));
        return { ...paints, jsBytes };
      } finally {
        await context.close();
      }
    };

    log(`server at ${server.address}; one warm-up visit, then ${visits} measured at ${run.screenLabel}, CPU throttled ${throttle}×`);
    await visit();
    const seen: Visit[] = [];
    for (let i = 0; i < visits; i++) {
      const one = await visit();
      seen.push(one);
      log(`  visit ${i + 1}: FCP ${fmt(one.fcp, 0)} ms, LCP ${fmt(one.lcp, 0)} ms (${one.element}), JS ${fmt(one.jsBytes / 1024, 1)} KB`);
    }
    const sorted = (pick: (v: Visit) => number) => seen.map(pick).sort((a, b) => a - b);
    const lcps = sorted((v) => v.lcp);
    const lcp = percentile(lcps, 0.5);
    const largest = [...new Set(seen.map((v) => v.element.split(', ').pop() ?? '?'))].map((e) => e.replace(/@\d+$/, ''));
    const table = new Table(['Figure', 'Measured', 'Target', '']);
    table.section(`${run.path}, first visit at ${run.screenLabel}, ${throttle}× CPU throttling, ${visits} visits (largest paint: ${[...new Set(largest)].join(', ')})`);
    table.row('First contentful paint, median', `${fmt(percentile(sorted((v) => v.fcp), 0.5), 0)} ms`, '', '');
    table.row('LCP median', `${fmt(lcp, 0)} ms`, `≤ ${run.targetMs} ms`, lcp <= run.targetMs ? 'PASS' : 'MISS');
    table.row('LCP min / max', `${fmt(lcps[0] ?? Number.NaN, 0)} / ${fmt(lcps[lcps.length - 1] ?? Number.NaN, 0)} ms`, '', '');
    table.row('JavaScript downloaded (as sent, compressed), median', `${fmt(percentile(sorted((v) => v.jsBytes), 0.5) / 1024, 1)} KB`, '', '');
    console.log('');
    console.log(table.render());
    console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
