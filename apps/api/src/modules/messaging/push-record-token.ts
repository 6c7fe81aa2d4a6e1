import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link of a pushed e-mail does: unsubscribe, load the read pixel, or pass a click through to its address. */
export type PushLinkPurpose = 'unsubscribe' | 'read' | 'click';

/**
 * Tokens naming one push record in links sent to alumni (DOMAIN 8.3): the unsubscribe link, the
 * read pixel and the click-through of the e-mail's other links. A token is the record's id and an HMAC-SHA-256 of it under the installation's data
 * key and the link's purpose; it has no expiry, so an old e-mail's link still works.
 */
export class PushRecordTokens {
  private readonly key: Buffer;

  constructor(dataKey: string) {
    this.key = createHmac('sha256', Buffer.from(dataKey, 'hex')).update('notice-push-record-v1').digest();
  }

  private mac(purpose: string, recordId: string): Buffer {
    return createHmac('sha256', this.key).update(`${purpose}:${recordId}`).digest().subarray(0, 18);
  }

  sign(purpose: PushLinkPurpose, recordId: string): string {
    return `${recordId}.${this.mac(purpose, recordId).toString('base64url')}`;
  }

  /** The record id a token names, or null when it is not one this installation signed for the purpose. */
  verify(purpose: PushLinkPurpose, token: unknown): string | null {
    if (typeof token !== 'string') return null;
    const match = /^(\d{1,19})\.([A-Za-z0-9_-]{24})$/.exec(token);
    if (!match) return null;
    const recordId = match[1] as string;
    const given = Buffer.from(match[2] as string, 'base64url');
    const expected = this.mac(purpose, recordId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? recordId : null;
  }
}
