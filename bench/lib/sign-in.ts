import { createHash } from 'node:crypto';
import type { Db } from '../../apps/api/src/db/database.js';

export const BENCH_TENANT = '000000';
/**
 * The benchmarks' own OAuth client, given the password grant: the demo client `saber` signs in with
 * the captcha grant only, which a load generator cannot solve.
 */
const BENCH_CLIENT = { clientId: 'bench', clientSecret: 'bench_secret' };
const CLIENT = `Basic ${Buffer.from(`${BENCH_CLIENT.clientId}:${BENCH_CLIENT.clientSecret}`).toString('base64')}`;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Abuse limits raised for a server under benchmark: every sign-in comes from 127.0.0.1, and the
 * benchmark measures sign-in latency, not the limiter.
 */
export const BENCH_LIMITS: Record<string, string> = {
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000000',
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000', RATE_LIMIT_REGISTER_PER_HOUR: '100000000',
};

/** Writes the benchmark's client into a fresh database, as an administrator would on the OAuth clients page. */
export async function addBenchClient(db: Db): Promise<void> {
  // Loaded here, not at the top: a benchmark may first point the domain package at its sources.
  const { SeedWriter } = await import('../../apps/api/src/seed/seed-writer.js');
  const { ADMIN_USER_ID } = await import('../../apps/api/src/seed/platform-seed.js');
  await new SeedWriter(db, ADMIN_USER_ID).insert('blade_client', {
    ...BENCH_CLIENT, scope: 'all', authorizedGrantTypes: 'password,refresh_token', webServerRedirectUri: '',
    accessTokenValidity: 3600, refreshTokenValidity: 604800, autoapprove: 'true',
  });
}

/**
 * Signs in as a user of the demo school over HTTP and answers the `Blade-Auth` header value. The one
 * place the benchmarks sign in.
 */
export async function signIn(address: string, account = 'admin', password = 'Xy@123456'): Promise<string> {
  const query = new URLSearchParams({ tenantId: BENCH_TENANT, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
  const res = await fetch(`${address}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST', headers: { Authorization: CLIENT, 'Tenant-Id': BENCH_TENANT },
  });
  const body = await res.json() as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return `bearer ${body.access_token}`;
}
