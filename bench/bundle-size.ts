/**
 * Bundle size of the built web app: the JavaScript the `/login` route loads (the entry, its static
 * imports, and the lazily loaded login page chunk with its static imports), the JavaScript the
 * alumni portal (`/portal`, its own entry portal.html) loads first, and all JS and CSS.
 * Sizes are gzip level 9, as a server or CDN would send them.
 *
 *   npm run build -w apps/web && npx tsx bench/bundle-size.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(here, '../apps/web/dist'));
const TARGET_LOGIN_KB = 220;
const TARGET_PORTAL_KB = 120;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log(`[bundle] ${path.relative(process.cwd(), dist) || dist}/index.html not found: the web app is not built yet.`);
  console.log('[bundle] Run `npm run build -w apps/web` first; nothing measured.');
  process.exit(0);
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = gzipCache.get(file);
  if (!size) {
    const bytes = readFileSync(file);
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, size);
  }
  return size;
}
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** A URL of index.html (`/assets/x.js`, `./assets/x.js`) as a file of dist. */
const fromHtml = (url: string) => path.join(dist, url.replace(/^\.?\//, '').split(/[?#]/)[0] ?? '');

/**
 * The static imports of a built module: `import{a}from"./x.js"`, `import"./x.js"`,
 * `export{a}from"./x.js"`. Dynamic `import("./x.js")` and `__vite__mapDeps` lists are left out.
 */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  const patterns = [
    /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
    /(?:^|[;\s}])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const re of patterns) {
    for (const m of code.matchAll(re)) {
      const spec = m[1] as string;
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue; // bare specifiers are not files
      found.add(spec.startsWith('/') ? fromHtml(spec) : path.resolve(path.dirname(file), spec));
    }
  }
  return [...found].filter((f) => existsSync(f));
}

/** A module and everything it statically imports, transitively. */
function closure(roots: string[], into = new Set<string>()): Set<string> {
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop() as string;
    if (into.has(file)) continue;
    into.add(file);
    stack.push(...staticImports(file));
  }
  return into;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]*type=["']module["'][^>]*src=["']([^"']+)["']/g)].map((m) => fromHtml(m[1] as string));
const preloads = [...html.matchAll(/<link[^>]*rel=["']modulepreload["'][^>]*href=["']([^"']+)["']/g)].map((m) => fromHtml(m[1] as string));
const htmlCss = [...html.matchAll(/<link[^>]*rel=["']stylesheet["'][^>]*href=["']([^"']+)["']/g)].map((m) => fromHtml(m[1] as string));
if (entries.length === 0) {
  console.log('[bundle] no <script type="module" src=...> in dist/index.html; cannot tell the entry.');
  process.exit(1);
}

/** The module scripts, module preloads and style sheets a built HTML page names. */
function pageAssets(page: string) {
  return {
    entries: [...page.matchAll(/<script[^>]*type=["']module["'][^>]*src=["']([^"']+)["']/g)].map((m) => fromHtml(m[1] as string)),
    preloads: [...page.matchAll(/<link[^>]*rel=["']modulepreload["'][^>]*href=["']([^"']+)["']/g)].map((m) => fromHtml(m[1] as string)).filter((f) => existsSync(f)),
    css: [...page.matchAll(/<link[^>]*rel=["']stylesheet["'][^>]*href=["']([^"']+)["']/g)].map((m) => fromHtml(m[1] as string)).filter((f) => existsSync(f)),
  };
}
const portalHtml = path.join(dist, 'portal.html');
const portal = existsSync(portalHtml) ? pageAssets(readFileSync(portalHtml, 'utf8')) : null;

const files = walk(dist);
const allJs = files.filter((f) => f.endsWith('.js'));
const allCss = files.filter((f) => f.endsWith('.css'));
const loginChunks = allJs.filter((f) => /login/i.test(path.basename(f)));

const initial = closure([...entries, ...preloads.filter((f) => existsSync(f))]);
const loginRoute = closure(loginChunks, new Set(initial));
const sum = (list: Iterable<string>) => {
  let raw = 0;
  let gzip = 0;
  for (const f of list) {
    const s = sizeOf(f);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { raw, gzip };
};

const rel = (f: string) => path.relative(dist, f);
console.log(`[bundle] entry: ${entries.map(rel).join(', ')}; modulepreload: ${preloads.length ? preloads.map(rel).join(', ') : 'none'}`);
console.log(`[bundle] login page chunk(s): ${loginChunks.length ? loginChunks.map(rel).join(', ') : 'none found (no chunk named *login*)'}`);
console.log('[bundle] JS the /login route loads (gzip -9):');
for (const f of [...loginRoute].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
  console.log(`[bundle]   ${kb(sizeOf(f).gzip).padStart(10)}  ${rel(f)}${initial.has(f) ? '' : '  (lazy, login page)'}`);
}

const portalFirst = portal ? closure([...portal.entries, ...portal.preloads]) : null;
if (portal && portalFirst) {
  console.log(`[bundle] portal entry: ${portal.entries.map(rel).join(', ')}; JS /portal loads first (gzip -9):`);
  for (const f of [...portalFirst].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
    console.log(`[bundle]   ${kb(sizeOf(f).gzip).padStart(10)}  ${rel(f)}`);
  }
} else {
  console.log('[bundle] no dist/portal.html: the portal entry is not built.');
}

const login = sum(loginRoute);
const initialSize = sum(initial);
const js = sum(allJs);
const css = sum(allCss);
const loginCss = sum(htmlCss.filter((f) => existsSync(f)));
const table = new Table(['Figure', 'gzip -9', 'raw', 'Target', '']);
table.row('JS loaded by /login (entry + static imports + login chunk)', kb(login.gzip), kb(login.raw), `≤ ${TARGET_LOGIN_KB} KB`, login.gzip / 1024 <= TARGET_LOGIN_KB ? 'PASS' : 'MISS');
table.row('  of which the entry and its static imports', kb(initialSize.gzip), kb(initialSize.raw), '', '');
table.row('CSS linked from index.html', kb(loginCss.gzip), kb(loginCss.raw), '', '');
if (portal && portalFirst) {
  const first = sum(portalFirst);
  const style = sum(portal.css);
  table.row('JS loaded first by /portal (its entry + static imports)', kb(first.gzip), kb(first.raw), `≤ ${TARGET_PORTAL_KB} KB`, first.gzip / 1024 <= TARGET_PORTAL_KB ? 'PASS' : 'MISS');
  table.row('CSS linked from portal.html', kb(style.gzip), kb(style.raw), '', '');
}
table.row(`All JS of the build (${allJs.length} files)`, kb(js.gzip), kb(js.raw), '', '');
table.row(`All CSS of the build (${allCss.length} files)`, kb(css.gzip), kb(css.raw), '', '');
console.log('');
console.log(table.render());
