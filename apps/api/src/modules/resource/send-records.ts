import { maskPersonalData, maskPersonalText, maskSensitive } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import { plain } from '../../db/row-mapping.js';

export const SEND_RECORD_TABLE = 'blade_send_record';

/** 1 accepted by the provider or server, 2 refused by it (or unreachable), 3 not sent: the address was invalid. */
export const SEND_STATUS = { sent: 1, failed: 2, invalid: 3 } as const;

export interface SendRecord {
  channel: 'sms' | 'mail';
  configId: string;
  provider: string;
  target: string;
  template: string;
  params: string;
  status: (typeof SEND_STATUS)[keyof typeof SEND_STATUS];
  answer: string;
}

/**
 * A recipient as the send records keep it: a phone or an e-mail address masked as DOMAIN 1.8 masks
 * it (`138****5678`, `z***@example.com`), a number of another shape all but its last 4 characters.
 */
export function maskedTarget(target: string): string {
  const text = target.trim();
  if (text === '' || text.includes('*')) return text;
  const found = maskPersonalText(text);
  if (found !== text) return found;
  return maskSensitive(text.includes('@') ? 'email' : 'phone', text);
}

/** The channel's kind of recipient, by which its keyed hash is normalised. */
const TARGET_KIND = { sms: 'phone', mail: 'email' } as const;

/**
 * Every message sent (or refused) on a channel, for delivery checks and push statistics. The
 * recipient is personal data: it is kept masked, with its keyed hash (`target_hash`, the hash of the
 * sealed columns) by which `hashOf` finds a recipient's records (decision 207); parameters and
 * the provider's answer keep no personal data in clear either.
 */
export class SendRecords {
  constructor(private readonly db: Db, private readonly sealing: FieldSealing | null = null) {}

  /** The keyed hash a recipient's records carry (null without field keys: records then hold no hash). */
  hashOf(channel: 'sms' | 'mail', target: string): string | null {
    return this.sealing ? this.sealing.hash(TARGET_KIND[channel], target) : null;
  }

  async write(caller: Pick<Caller, 'tenantId' | 'userId'>, record: SendRecord): Promise<void> {
    await this.db.insertInto(SEND_RECORD_TABLE).values({
      id: ids.next(), tenant_id: caller.tenantId, channel: record.channel, config_id: record.configId, provider: record.provider,
      target: maskedTarget(record.target).slice(0, 255), target_hash: record.target ? this.hashOf(record.channel, record.target) : null,
      template: record.template.slice(0, 255), params: maskedParams(record.params), status: record.status,
      // A send the product made on its own (a ticket's e-mail) has no user: '' is no id.
      answer: maskPersonalText(record.answer), create_user: caller.userId || null, create_time: now(),
    }).execute();
  }

  /** How many messages a channel configuration has had accepted since a zoned date-time. */
  async acceptedSince(tenantId: string, channel: 'sms' | 'mail', configId: string, since: string): Promise<number> {
    const row = await this.db.selectFrom(SEND_RECORD_TABLE).select((eb) => eb.fn.countAll().as('total'))
      .where('tenant_id', '=', tenantId).where('channel', '=', channel).where('config_id', '=', configId)
      .where('status', '=', SEND_STATUS.sent).where('create_time', '>=', since).executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async page(tenantId: string, channel: 'sms' | 'mail', current: number, size: number) {
    const base = this.db.selectFrom(SEND_RECORD_TABLE).where('tenant_id', '=', tenantId).where('channel', '=', channel);
    const count = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    const total = Number(count?.total ?? 0);
    const rows = await base.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc').limit(size).offset((current - 1) * size).execute();
    const records = rows.map((r) => {
      const { tenantId: _tenant, ...rest } = plain(r);
      return { ...rest, id: String(r.id), configId: String(r.config_id), createUser: r.create_user === null ? null : String(r.create_user) };
    });
    return { records, total, size, current, pages: Math.ceil(total / size) };
  }
}

/** A message's parameters (JSON text) with personal data masked. */
function maskedParams(params: string): string {
  try {
    return JSON.stringify(maskPersonalData(JSON.parse(params) as unknown));
  } catch {
    return maskPersonalText(params);
  }
}
