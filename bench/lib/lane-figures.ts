/**
 * What a user waits for while others run broad searches: sign-in and a read by id, each measured
 * idle and then during a closed loop of contains lists whose terms are each asked once (no kept
 * total can answer them). Every figure carries the one-minute load average read when it was taken,
 * since the benchmark shares the machine.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, type LoadFigures, type LoadSpec } from './closed-loop-load.js';
import { signIn } from './sign-in.js';
import { mulberry32 } from './seeded-random.js';

export interface Latencies {
  /** Sorted, in ms. */
  sorted: number[];
  /** The one-minute load average when the measurement ended. */
  load: number;
}

export interface LaneFigures {
  idle: { signIn: Latencies; readById: Latencies };
  during: { signIn: Latencies; readById: Latencies; lists: LoadFigures; listLoad: number; terms: number };
}

const loadAverage = () => os.loadavg()[0] ?? Number.NaN;

/**
 * `key-<n>` for every n from 1 to 99,999 in a shuffled order: terms of 1 to 5 digits, from 11 to
 * 111,111 matches at a million parameter rows, none asked twice in a run.
 */
export function coldTerms(): string[] {
  const numbers = Array.from({ length: 99_999 }, (_, i) => i + 1);
  const random = mulberry32(34);
  for (let i = numbers.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [numbers[i], numbers[j]] = [numbers[j] as number, numbers[i] as number];
  }
  return numbers.map((n) => `key-${n}`);
}

/** Calls `call` one after another, with a pause between calls, until `stop` says so; answers the latencies. */
async function repeatedly(call: (i: number) => Promise<unknown>, stop: () => boolean, pauseMs: number): Promise<Latencies> {
  const latencies: number[] = [];
  for (let i = 0; !stop(); i++) {
    const t0 = performance.now();
    await call(i);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return { sorted: latencies.sort((a, b) => a - b), load: loadAverage() };
}

export interface LaneSpec {
  address: string;
  auth: string;
  /** The path of a read by id of the i-th call (a different live row each time). */
  readPath: (i: number) => string;
  /** The contains list's path for a term. */
  listPath: (term: string) => string;
  connections: number;
  seconds: number;
  idleSeconds: number;
  /** Runs the list load in a process of its own. */
  load: (spec: LoadSpec) => Promise<LoadFigures>;
}

export async function measureLanes(spec: LaneSpec): Promise<LaneFigures> {
  const readById = async (i: number) => {
    const res = await fetch(`${spec.address}${spec.readPath(i)}`, { headers: { 'Blade-Auth': spec.auth } });
    const body = await res.json() as { code?: number; data?: unknown };
    if (!res.ok || body.code !== 200 || !body.data) throw new Error(`read by id refused: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  };
  const both = async (stop: () => boolean, offset: number) => {
    const [signIns, reads] = await Promise.all([
      repeatedly(() => signIn(spec.address), stop, 50),
      repeatedly((i) => readById(offset + i), stop, 20),
    ]);
    return { signIn: signIns, readById: reads };
  };

  const idleUntil = performance.now() + spec.idleSeconds * 1000;
  const idle = await both(() => performance.now() >= idleUntil, 0);

  const terms = coldTerms();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'alumni-lane-terms-'));
  const pathFile = path.join(folder, 'paths.txt');
  writeFileSync(pathFile, terms.map(spec.listPath).join('\n'));
  let finished = false;
  const running = spec.load({
    url: spec.address, paths: [], pathFile, headers: { 'Blade-Auth': spec.auth },
    connections: spec.connections, seconds: spec.seconds, warmupSeconds: 2, shared: true,
  }).finally(() => {
    finished = true;
    rmSync(folder, { recursive: true, force: true });
  });
  await new Promise((r) => setTimeout(r, 3000)); // past the load's warm-up
  const during = await both(() => finished, 100_000);
  const lists = await running;
  if (lists.requests >= terms.length) throw new Error(`${lists.requests} lists asked ${terms.length} terms: some were asked twice`);
  return { idle, during: { ...during, lists, listLoad: loadAverage(), terms: terms.length } };
}

/** `p50 / p95 ms (n, load x)` of one set of latencies. */
export function describe(l: Latencies, fmt: (n: number, decimals?: number) => string): string {
  return `${fmt(percentile(l.sorted, 0.5), 1)} / ${fmt(percentile(l.sorted, 0.95), 1)} ms (${l.sorted.length} calls, load ${l.load.toFixed(2)})`;
}
