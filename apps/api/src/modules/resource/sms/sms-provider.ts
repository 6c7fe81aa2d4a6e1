import type { JsonRecord } from '../../../db/row-mapping.js';
import type { OutboundGuard } from '../../../security/outbound-address.js';

/** What a provider answered for one phone: whether it accepted the message, and its answer as text. */
export interface ProviderAnswer {
  ok: boolean;
  answer: string;
}

/**
 * One SMS service behind the common interface; `config` is the unmasked configuration row. A
 * provider reaches its (configurable) endpoint only through `outboundRequest` with `guard`.
 */
export interface SmsProvider {
  send(config: JsonRecord, phone: string, params: Record<string, string>, guard: OutboundGuard): Promise<ProviderAnswer>;
}

/** Provider answers are kept for statistics; a runaway body is cut. */
export const clip = (text: string): string => (text.length > 2000 ? `${text.slice(0, 2000)}…` : text);

export const TIMEOUT_MS = 10_000;
