import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { KvStore } from '../store/kv-store.js';

/** The captcha image's size: the login page shows it at exactly this size. */
export const CAPTCHA_SIZE = { width: 130, height: 48 } as const;
const CAPTCHA_BACKGROUND = '#f4f6fa';

/** Image captchas: single use, expiring, compared without regard to case. */
export class CaptchaService {
  constructor(private readonly store: KvStore, private readonly ttlSeconds: number) {}

  async create(): Promise<{ key: string; image: string }> {
    // Without a background svg-captcha draws near-black characters (#000–#444) and grey noise;
    // given one it picks pale colours near it. The background is added here instead.
    const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', width: CAPTCHA_SIZE.width, height: CAPTCHA_SIZE.height, fontSize: 50 });
    const svg = captcha.data.replace(/^(<svg[^>]*>)/, `$1<rect width="100%" height="100%" fill="${CAPTCHA_BACKGROUND}"/>`);
    const key = randomUUID();
    await this.store.set(`captcha:${key}`, captcha.text.toLowerCase(), this.ttlSeconds);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
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
