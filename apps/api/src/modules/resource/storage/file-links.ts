import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_PARAMS, isStoredFileLink } from '@alumni/domain';
import type { Caller } from '../../../core/caller.js';

/** Who a valid signature lets read a file. */
export interface FileLinkHolder {
  tenantId: string;
  userId: string;
}

/**
 * Short-lived signed file links (decision 238): an HMAC, with a key of its own derived from the
 * token secret, over the file name, the expiry and the user and tenant it was signed for. A link
 * lives `seconds` to twice that: the expiry is rounded up to a whole period, so links signed in one
 * period are the same address and the browser's cache keeps the image.
 */
export class FileLinkSigner {
  private readonly key: Buffer;

  constructor(secret: string, readonly seconds = 300) {
    this.key = createHmac('sha256', secret).update('file-link').digest();
  }

  private mac(name: string, expires: number, tenantId: string, userId: string): string {
    return createHmac('sha256', this.key).update([name, expires, tenantId, userId].join('\u0001')).digest('base64url');
  }

  /** The link with its signature for the caller, or the link unchanged when it is not a stored file's. */
  sign(link: string, caller: Pick<Caller, 'tenantId' | 'userId'>, nowMs = Date.now()): string {
    if (!isStoredFileLink(link)) return link;
    const query = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    const name = query.get('name');
    if (!name) return link;
    const expires = (Math.floor(nowMs / 1000 / this.seconds) + 2) * this.seconds;
    const signed = new URLSearchParams({ name });
    signed.set(FILE_LINK_PARAMS.expires, String(expires));
    signed.set(FILE_LINK_PARAMS.tenant, caller.tenantId);
    signed.set(FILE_LINK_PARAMS.user, caller.userId);
    signed.set(FILE_LINK_PARAMS.signature, this.mac(name, expires, caller.tenantId, caller.userId));
    return `${link.slice(0, link.indexOf('?'))}?${signed.toString()}`;
  }

  /** The holder a download's query was signed for, or null when it is unsigned, altered or expired. */
  verify(query: Readonly<Record<string, string | undefined>>, nowMs = Date.now()): FileLinkHolder | null {
    const name = query.name;
    const expires = Number(query[FILE_LINK_PARAMS.expires]);
    const tenantId = query[FILE_LINK_PARAMS.tenant];
    const userId = query[FILE_LINK_PARAMS.user];
    const signature = query[FILE_LINK_PARAMS.signature];
    if (!name || !tenantId || !userId || !signature || !Number.isSafeInteger(expires)) return null;
    if (expires * 1000 <= nowMs) return null;
    const expected = Buffer.from(this.mac(name, expires, tenantId, userId));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { tenantId, userId };
  }
}
