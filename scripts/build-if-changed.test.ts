import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error the script is plain JavaScript without declarations
import { buildIfChanged, STAMP_FILE } from './build-if-changed.mjs';

interface Workspace { name: string; dir: string; entry: string; deps: string[] }

let root: string;
let built: string[];

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

/** A stand-in for `npm run build -w`: writes the workspace's entry file. */
const fakeBuild = (workspace: Workspace) => {
  built.push(workspace.name);
  write(path.join(workspace.dir, workspace.entry), `built ${Date.now()}`);
};

const run = (options: { targets?: string[]; force?: boolean } = {}): string[] => {
  built = [];
  return buildIfChanged({ root, build: fakeBuild, ...options });
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-if-changed-'));
  write('tsconfig.base.json', '{}');
  write('package-lock.json', '{}');
  write('packages/domain/package.json', '{}');
  write('packages/domain/src/index.ts', 'export const a = 1;');
  write('apps/api/package.json', '{}');
  write('apps/api/tsconfig.json', '{}');
  write('apps/api/src/server.ts', 'console.log(1);');
  write('apps/web/package.json', '{}');
  write('apps/web/index.html', '<html></html>');
  write('apps/web/vite.config.ts', 'export default {};');
  write('apps/web/src/main.tsx', 'export {};');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-changed', () => {
  it('builds everything the first time and nothing on an unchanged checkout', () => {
    expect(run()).toEqual(['domain', 'api', 'web']);
    expect(run()).toEqual([]);
    expect(built).toEqual([]);
  });

  it('rebuilds only the workspace whose source changed', () => {
    run();
    write('apps/api/src/server.ts', 'console.log(2);');
    expect(run()).toEqual(['api']);
    write('apps/web/src/pages/new-page.tsx', 'export {};');
    expect(run()).toEqual(['web']);
    write('apps/web/vite.config.ts', 'export default { base: "/" };');
    expect(run()).toEqual(['web']);
    expect(run()).toEqual([]);
  });

  it('rebuilds what depends on a changed domain package, and everything on a changed lockfile', () => {
    run();
    write('packages/domain/src/index.ts', 'export const a = 2;');
    expect(run()).toEqual(['domain', 'api', 'web']);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(run()).toEqual(['domain', 'api', 'web']);
  });

  it('ignores files outside the inputs (the build output, tests of other folders, data)', () => {
    run();
    write('apps/api/dist/extra.js', '');
    write('apps/web/node_modules/x/index.js', '');
    write('data/alumni.db', 'x');
    write('README.md', 'changed');
    expect(run()).toEqual([]);
  });

  it('rebuilds a workspace whose build is missing, unstamped or replaced by another build', () => {
    run();
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(run()).toEqual(['web']);
    rmSync(path.join(root, 'apps/api/dist', STAMP_FILE));
    expect(run()).toEqual(['api']);
    utimesSync(path.join(root, 'packages/domain/dist/index.js'), new Date(), new Date(Date.now() + 60_000));
    expect(run()).toEqual(['domain']);
  });

  it('builds only the targets and their dependencies, and all of them when forced', () => {
    expect(run({ targets: ['api'] })).toEqual(['domain', 'api']);
    expect(run()).toEqual(['web']);
    expect(run({ force: true })).toEqual(['domain', 'api', 'web']);
  });

  it('stamps nothing for a failed build, so the next run tries again', () => {
    built = [];
    const failing = (workspace: Workspace) => {
      if (workspace.name === 'api') throw new Error('tsc failed');
      fakeBuild(workspace);
    };
    expect(() => buildIfChanged({ root, build: failing })).toThrow('tsc failed');
    expect(run()).toEqual(['api', 'web']);
  });
});
