// Builds only the workspaces whose sources changed since their last build (or whose build is
// missing), and what depends on them: `npm start`, `npm run worker` and `npm run rotate-field-key`
// run it before starting, so a restart of an unchanged installation starts at once and needs no
// TypeScript or Vite at run time.
//
//   node scripts/build-if-changed.mjs            domain, api and web when stale
//   node scripts/build-if-changed.mjs api        domain and api when stale (the worker, the key rotation)
//   node scripts/build-if-changed.mjs --all      every workspace, stale or not (`npm run build`)
//   node scripts/build-if-changed.mjs --check    prints what is stale, builds nothing (exit 1 when any is)
//
// Each workspace's key is a SHA-256 of its inputs (sources, package.json, tsconfig*, vite config,
// index.html, portal.html, public/, build scripts), of the shared inputs (tsconfig.base.json, package-lock.json)
// and of the keys of the workspaces it depends on, so a change in packages/domain makes api and web
// stale too. After a successful build the key is written to `<workspace>/dist/.build-stamp.json`
// with the modification time of the build's entry file: a build run by hand afterwards (e.g.
// `npm run build -w apps/web` from other sources) no longer matches the stamp, and the next start
// builds again.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const STAMP_FILE = '.build-stamp.json';

/** The product's workspaces in build order. */
export const WORKSPACES = [
  { name: 'domain', dir: 'packages/domain', entry: 'dist/index.js', deps: [] },
  { name: 'api', dir: 'apps/api', entry: 'dist/server.js', deps: ['domain'] },
  { name: 'web', dir: 'apps/web', entry: 'dist/index.html', deps: ['domain'] },
];

/** Inputs of every workspace, relative to the repository root. */
export const SHARED_INPUTS = ['tsconfig.base.json', 'package-lock.json'];

/** Inputs of one workspace, relative to its folder: a folder stands for every file under it. */
const WORKSPACE_INPUTS = /^(src|public|scripts|index\.html|portal\.html|package\.json|tsconfig[^/]*\.json|vite\.config\.[cm]?[jt]s)$/;

function* filesUnder(dir) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

function hashFile(hash, root, file) {
  hash.update(path.relative(root, file).split(path.sep).join('/'));
  hash.update('\0');
  hash.update(readFileSync(file));
  hash.update('\0');
}

/** The hash of one workspace's own inputs and the shared ones (not of its dependencies). */
export function inputHash(root, workspace) {
  const hash = createHash('sha256');
  for (const name of SHARED_INPUTS) {
    const file = path.join(root, name);
    if (existsSync(file)) hashFile(hash, root, file);
  }
  const dir = path.join(root, workspace.dir);
  const top = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => WORKSPACE_INPUTS.test(e.name)) : [];
  for (const entry of top.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const file of filesUnder(full)) hashFile(hash, root, file);
    else if (entry.isFile()) hashFile(hash, root, full);
  }
  return hash.digest('hex');
}

/** Every workspace's key: its own inputs and its dependencies' keys. */
export function workspaceKeys(root, workspaces = WORKSPACES) {
  const keys = {};
  for (const workspace of workspaces) {
    const hash = createHash('sha256').update(inputHash(root, workspace));
    for (const dep of workspace.deps) hash.update(`\0${dep}:${keys[dep]}`);
    keys[workspace.name] = hash.digest('hex');
  }
  return keys;
}

function readStamp(root, workspace) {
  try {
    return JSON.parse(readFileSync(path.join(root, workspace.dir, 'dist', STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

function entryMtime(root, workspace) {
  const file = path.join(root, workspace.dir, workspace.entry);
  return existsSync(file) ? statSync(file).mtimeMs : null;
}

/** Why a workspace must be built, or null when its build matches its sources. */
export function staleReason(root, workspace, key) {
  const mtime = entryMtime(root, workspace);
  if (mtime === null) return 'not built';
  const stamp = readStamp(root, workspace);
  if (!stamp) return 'no build stamp';
  if (stamp.key !== key) return 'sources changed';
  if (stamp.entryMtimeMs !== mtime) return 'built by another command since';
  return null;
}

export function writeStamp(root, workspace, key) {
  const dist = path.join(root, workspace.dir, 'dist');
  mkdirSync(dist, { recursive: true });
  const stamp = { key, entryMtimeMs: entryMtime(root, workspace), builtAt: new Date().toISOString() };
  writeFileSync(path.join(dist, STAMP_FILE), JSON.stringify(stamp, null, 2) + '\n');
}

/** The targets and every workspace they depend on, in build order. */
export function withDependencies(targets, workspaces = WORKSPACES) {
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const wanted = new Set();
  const add = (name) => {
    const workspace = byName.get(name);
    if (!workspace) throw new Error(`Unknown workspace ${name} (known: ${[...byName.keys()].join(', ')})`);
    if (wanted.has(name)) return;
    wanted.add(name);
    workspace.deps.forEach(add);
  };
  targets.forEach(add);
  return workspaces.filter((w) => wanted.has(w.name));
}

/**
 * Builds the stale workspaces among `targets` (and their dependencies) with `build(workspace)`,
 * stamping each after it succeeds. Returns the names built. A failed build throws and stamps nothing
 * more, so the next run tries again.
 */
export function buildIfChanged({ root, targets = WORKSPACES.map((w) => w.name), workspaces = WORKSPACES, force = false, build, log = () => {} }) {
  const keys = workspaceKeys(root, workspaces);
  const built = [];
  for (const workspace of withDependencies(targets, workspaces)) {
    const reason = force ? 'asked to build' : staleReason(root, workspace, keys[workspace.name]);
    if (reason === null) {
      log(`${workspace.dir}: up to date`);
      continue;
    }
    log(`${workspace.dir}: building (${reason})`);
    build(workspace);
    writeStamp(root, workspace, keys[workspace.name]);
    built.push(workspace.name);
  }
  return built;
}

/** Runs `npm run build -w <dir>`; a failure ends this process with the build's exit code. */
function npmBuild(root) {
  return (workspace) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // TypeScript's incremental record says what it emitted last time, not what is still on disk: with
    // dist deleted it would emit only the files changed since. A build here starts from the sources.
    for (const name of readdirSync(path.join(root, workspace.dir))) {
      if (name.endsWith('.tsbuildinfo')) rmSync(path.join(root, workspace.dir, name), { force: true });
    }
    const result = spawnSync(npm, ['run', 'build', '-w', workspace.dir], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`Build of ${workspace.dir} failed (exit ${result.status ?? result.signal}).`);
      process.exit(result.status || 1);
    }
  };
}

function main(argv) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const targets = argv.filter((a) => !a.startsWith('--'));
  const chosen = targets.length > 0 ? targets : WORKSPACES.map((w) => w.name);
  const log = (line) => console.log(`[build] ${line}`);
  if (flags.has('--check')) {
    const keys = workspaceKeys(root);
    let stale = 0;
    for (const workspace of withDependencies(chosen)) {
      const reason = staleReason(root, workspace, keys[workspace.name]);
      log(`${workspace.dir}: ${reason ?? 'up to date'}`);
      if (reason) stale += 1;
    }
    process.exit(stale > 0 ? 1 : 0);
  }
  const started = Date.now();
  const built = buildIfChanged({ root, targets: chosen, force: flags.has('--all'), build: npmBuild(root), log });
  if (built.length > 0) log(`built ${built.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main(process.argv.slice(2));
