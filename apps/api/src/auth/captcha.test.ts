import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordGrant, requestToken } from '../test-support/oauth.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

describe.each(testDialects())('captcha on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  async function newCaptcha(): Promise<{ key: string; text: string; image: string }> {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    const { key, image } = res.json() as { key: string; image: string };
    const text = await t.app.services.captcha.peek(key);
    if (!text) throw new Error('captcha not stored');
    return { key, image, text };
  }

  const captchaGrant = (key: string, code: string) =>
    requestToken(t, { ...passwordGrant('admin'), grant_type: 'captcha' }, { 'captcha-key': key, 'captcha-code': code });

  it('answers {key, image} unwrapped, the image a data URL, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['image', 'key']);
    expect(body.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.image).toMatch(/^data:image\/[a-z+]+;base64,[A-Za-z0-9+/]+=*$/);
  });

  it('signs in with the right code', async () => {
    const { key, text } = await newCaptcha();
    const res = await captchaGrant(key, text);
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTypeOf('string');
  });

  it('ignores the case of the typed code', async () => {
    const { key, text } = await newCaptcha();
    expect((await captchaGrant(key, text.toUpperCase())).statusCode).toBe(200);
  });

  it('works once: a second use of the same key fails', async () => {
    const { key, text } = await newCaptcha();
    expect((await captchaGrant(key, text)).statusCode).toBe(200);
    const again = await captchaGrant(key, text);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: '验证码不正确' });
  });

  it('refuses a wrong code with 400 验证码不正确, and the key is spent', async () => {
    const { key, text } = await newCaptcha();
    const res = await captchaGrant(key, `${text}x`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '验证码不正确' });
    expect((await captchaGrant(key, text)).statusCode).toBe(400);
  });

  it('refuses an unknown key', async () => {
    const res = await captchaGrant('00000000-0000-0000-0000-000000000000', 'abcd');
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '验证码不正确' });
  });

  it('refuses a captcha grant without the captcha headers', async () => {
    const res = await requestToken(t, { ...passwordGrant('admin'), grant_type: 'captcha' });
    expect(res.json().error_description).toBe('验证码不正确');
  });

  it('refuses an expired key', async () => {
    const { key, text } = await newCaptcha();
    // Let this captcha's lifetime run out in whichever store holds it (memory or Redis): shorten it
    // to one second and wait until the store has dropped it.
    await t.app.services.store.set(`captcha:${key}`, text, 1);
    await vi.waitFor(async () => expect(await t.app.services.captcha.peek(key)).toBeNull(), { timeout: 5000, interval: 100 });
    const res = await captchaGrant(key, text);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('验证码不正确');
  });

  it('checks the captcha before the password, and does not count it as a failed sign-in', async () => {
    const { key } = await newCaptcha();
    const res = await requestToken(t, { ...passwordGrant('admin', 'wrong'), grant_type: 'captcha' }, { 'captcha-key': key, 'captcha-code': '????' });
    expect(res.json().error_description).toBe('验证码不正确');
    // No failure of this address at the account was counted.
    expect(await t.app.services.store.get('signin-fail:000000:admin:127.0.0.1')).toBeNull();
  });
});
