import { createHash } from 'node:crypto';

export const BENCH_TENANT = '000000';
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Signs in as a user of the demo school over HTTP and answers the `Blade-Auth` header value. The one
 * place the benchmarks sign in: a change to the sign-in call (a captcha for the client) goes here.
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
