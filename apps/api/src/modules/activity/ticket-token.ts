import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a valid ticket token names: the tenant and application it was signed for, and its issue. */
export interface TicketClaim {
  tenantId: string;
  applicationId: string;
  serial: number;
}

const TICKET_PREFIX = 'T1';
const PART = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Activity tickets and kiosk codes (decision 267): an HMAC-SHA256, with keys of their own derived
 * from the token secret (as file links are, decision 238), over the tenant, the application and the
 * ticket's issue number. The token carries no secret, so it can be printed as a QR code; it is
 * verified by its signature alone, and a ticket the staff revoke is refused by its issue number.
 */
export class TicketSigner {
  private readonly ticketKey: Buffer;
  private readonly kioskKey: Buffer;

  constructor(secret: string) {
    this.ticketKey = createHmac('sha256', secret).update('activity-ticket').digest();
    this.kioskKey = createHmac('sha256', secret).update('activity-kiosk').digest();
  }

  private mac(key: Buffer, parts: readonly (string | number)[]): string {
    return createHmac('sha256', key).update(parts.join('\u0001')).digest('base64url').slice(0, 32);
  }

  /** `T1.<tenant>.<application>.<issue>.<signature>`. */
  sign(claim: TicketClaim): string {
    return [TICKET_PREFIX, claim.tenantId, claim.applicationId, claim.serial, this.mac(this.ticketKey, [claim.tenantId, claim.applicationId, claim.serial])].join('.');
  }

  /** The claim of an unaltered token, or null for anything else. */
  verify(token: unknown): TicketClaim | null {
    if (typeof token !== 'string' || token.length > 300) return null;
    const parts = token.trim().split('.');
    if (parts.length !== 5 || parts[0] !== TICKET_PREFIX) return null;
    const [, tenantId, applicationId, serialText, signature] = parts as [string, string, string, string, string];
    if (!PART.test(tenantId) || !PART.test(applicationId) || !/^\d{1,9}$/.test(serialText)) return null;
    const serial = Number(serialText);
    if (!safeEqual(signature, this.mac(this.ticketKey, [tenantId, applicationId, serial]))) return null;
    return { tenantId, applicationId, serial };
  }

  /** The signature of an activity's kiosk code: alumni scanning it check themselves in to that activity. */
  kioskSignature(tenantId: string, activityId: string): string {
    return this.mac(this.kioskKey, [tenantId, activityId]);
  }

  kioskValid(tenantId: string, activityId: string, signature: unknown): boolean {
    return typeof signature === 'string' && safeEqual(signature, this.kioskSignature(tenantId, activityId));
  }
}

function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
