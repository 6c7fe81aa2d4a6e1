import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

const BASE = '/api/blade-portal';

describe.each(testDialects())('abuse limits of the alumni portal sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN_PER_MINUTE: '5', RATE_LIMIT_ACCOUNT_PER_MINUTE: '3' });
  });
  afterAll(async () => t?.close());

  const signInFrom = (ip: string, target: string) => t.app.inject({
    method: 'POST', url: `${BASE}/auth/sign-in`, headers: { 'x-forwarded-for': ip },
    payload: { tenantId: '000000', channel: 'sms', target, code: '123456' },
  });

  it('refuses the calls of one client address past the sign-in limit', async () => {
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await signInFrom('10.1.0.1', `1380000${String(1000 + i)}`)).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('refuses the tries at one phone past the per-address limit from any client address, however the phone is written', async () => {
    const phone = '13912345678';
    const written = [phone, `+86 ${phone}`, '139-1234-5678', phone];
    const answers = [];
    for (let i = 0; i < written.length; i += 1) answers.push((await signInFrom(`10.2.0.${i + 1}`, written[i] as string)).statusCode);
    expect(answers.slice(0, 3)).toEqual([400, 400, 400]);
    expect(answers[3]).toBe(429);
    // Another phone is not held up.
    expect((await signInFrom('10.2.0.9', '13912345679')).statusCode).toBe(400);
  });
});
