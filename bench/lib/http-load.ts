/**
 * The load generator, run in its own process so its work does not count as the server's
 * (it still shares the machine's cores with the server, as a real co-located client would).
 * Input: one JSON argument { url, paths, headers, connections, warmupSeconds, seconds }.
 * Output: one JSON line with the measured run's figures.
 */
// @ts-expect-error -- autocannon ships no types; the few fields read here are typed below
import autocannon from 'autocannon';

interface LoadSpec {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  connections: number;
  seconds: number;
  total: number;
  reqPerSecAvg: number;
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface AutocannonResult {
  duration: number;
  requests: { average: number; total: number };
  latency: { mean: number; p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

function run(spec: LoadSpec, seconds: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon({
      url: spec.url,
      connections: spec.connections,
      duration: seconds,
      headers: spec.headers,
      // Each connection cycles through these, so the load rotates among the filter values.
      requests: spec.paths.map((path) => ({ method: 'GET', path })),
    }, (err: Error | null, result: AutocannonResult) => (err ? reject(err) : resolve(result)));
  });
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds);
const r = await run(spec, spec.seconds);
const out: LoadResult = {
  connections: spec.connections,
  seconds: r.duration,
  total: r.requests.total,
  reqPerSecAvg: r.requests.average,
  latencyMeanMs: r.latency.mean,
  latencyP50Ms: r.latency.p50,
  latencyP99Ms: r.latency.p99,
  latencyMaxMs: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
