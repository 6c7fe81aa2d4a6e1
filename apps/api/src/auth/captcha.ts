import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { KvStore } from '../store/kv-store.js';

/** Image captchas: single use, expiring, compared without regard to case. */
export class CaptchaService {
  constructor(private readonly store: KvStore, private readonly ttlSeconds: number) {}

  async create(): Promise<{ key: string; image: string }> {
    const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', width: 130, height: 48, fontSize: 50, background: '#f4f6fa' });
    const key = randomUUID();
    await this.store.set(`captcha:${key}`, captcha.text.toLowerCase(), this.ttlSeconds);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** Checks and spends a captcha; a key works once, right or wrong. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const expected = await this.store.take(`captcha:${key}`);
    return expected !== null && expected === code.trim().toLowerCase();
  }

  /** The text of a live captcha, without spending it (tests read it to sign in). */
  async peek(key: string): Promise<string | null> {
    return this.store.get(`captcha:${key}`);
  }
}
