/**
 * A closed-loop HTTP load generator that keeps every latency, so any percentile is exact: each of
 * `connections` keep-alive connections sends its next request when the previous answer has arrived,
 * cycling through `paths`. Run as a child process (its work is not the server's):
 *
 *   node --import tsx closed-loop-load.ts '{"url":"http://127.0.0.1:8080","paths":["/api/..."],
 *     "headers":{},"connections":20,"seconds":10,"warmupSeconds":2}'
 *
 * Output: one JSON line (`LoadFigures`).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface LoadSpec {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /**
   * The connections take the paths in turn from one sequence shared by all of them and by the
   * warm-up, so no path is sent twice until every one was (terms that must each be asked once).
   * Without it each connection cycles through the paths from its own offset.
   */
  shared?: boolean;
  /** A file of further paths, one a line, after `paths`: more than a command line can carry. */
  pathFile?: string;
}

export interface LoadFigures {
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

function request(agent: http.Agent, url: URL, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The next path of the shared sequence (`LoadSpec.shared`), across the warm-up and the measured run. */
let sharedNext = 0;

async function run(spec: LoadSpec, seconds: number): Promise<LoadFigures> {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async (offset: number) => {
    for (let i = offset; performance.now() < until; i++) {
      const t0 = performance.now();
      try {
        const path = spec.paths[(spec.shared ? sharedNext++ : i) % spec.paths.length] as string;
        const status = await request(agent, url, path, spec.headers);
        if (status < 200 || status >= 300) non2xx++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, (_, c) => loop(c)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: elapsed,
    reqPerSec: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies[latencies.length - 1] ?? Number.NaN,
    non2xx,
    errors,
  };
}

if (process.argv[2]) {
  const spec = JSON.parse(process.argv[2]) as LoadSpec;
  if (spec.pathFile) spec.paths = [...spec.paths, ...readFileSync(spec.pathFile, 'utf8').split('\n').filter((line) => line !== '')];
  if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds);
  process.stdout.write(`${JSON.stringify(await run(spec, spec.seconds))}\n`);
}
