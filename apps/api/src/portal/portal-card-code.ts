import { createHmac, timingSafeEqual } from 'node:crypto';
import { CARD_CODE_STEP_SECONDS, CARD_CODE_WINDOW } from '@alumni/domain';

/** The key of the rotating card codes, derived from the server's token secret (never the secret itself). */
export const cardCodeKey = (tokenSecret: string): Buffer => createHmac('sha256', tokenSecret).update('alumni-card-code').digest();

/** The time step a moment falls in: one per minute. */
export const cardCodeStep = (ms: number): number => Math.floor(ms / 1000 / CARD_CODE_STEP_SECONDS);

/**
 * The six digits a card shows in one step (TOTP-like, RFC 4226's dynamic truncation): an HMAC over
 * the tenant, the card's id and the step, so a code is worth nothing for another card, another
 * tenant or more than a minute either side.
 */
export function cardCodeDigits(key: Buffer, tenantId: string, cardId: string, step: number): string {
  const mac = createHmac('sha256', key).update(`${tenantId}:${cardId}:${step}`).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** The text a card's QR holds and staff type by hand: `<card number>-<six digits>`. */
export const cardCodeText = (cardNo: string, digits: string): string => `${cardNo}-${digits}`;

/** The card number and digits of a scanned or typed code, or null when it is not one. */
export function parseCardCode(raw: unknown): { cardNo: string; digits: string } | null {
  const text = typeof raw === 'string' ? raw.trim().replace(/\s+/g, '') : '';
  const match = /^(\d{6,32})-(\d{6})$/.exec(text);
  return match ? { cardNo: match[1] as string, digits: match[2] as string } : null;
}

/** Whether `digits` is the card's code of the current step or of one step either side. */
export function cardCodeValid(key: Buffer, tenantId: string, cardId: string, digits: string, nowMs: number): boolean {
  const step = cardCodeStep(nowMs);
  let found = false;
  for (let d = -CARD_CODE_WINDOW; d <= CARD_CODE_WINDOW; d += 1) {
    const expected = Buffer.from(cardCodeDigits(key, tenantId, cardId, step + d));
    const given = Buffer.from(digits.padEnd(6).slice(0, 6));
    if (timingSafeEqual(expected, given)) found = true;
  }
  return found;
}
