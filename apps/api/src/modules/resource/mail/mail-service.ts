import net from 'node:net';
import { SMTP_ENCRYPTION, emailSettingEntity, type Text } from '@alumni/domain';
import nodemailer from 'nodemailer';
import type { Caller } from '../../../core/caller.js';
import { now } from '../../../core/time.js';
import type { Db } from '../../../db/database.js';
import { rowToRecord, selectColumns, type JsonRecord } from '../../../db/row-mapping.js';
import type { OutboundGuard } from '../../../security/outbound-address.js';
import { SEND_STATUS, type SendRecords } from '../send-records.js';
import type { TenantQuotas } from '../../tenant/tenant-quotas.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailOutcome =
  | { ok: true; messageId: string }
  /** Not sent: `text` says why in general words (never the server's own), `reason` is its Chinese. */
  | { ok: false; reason: string; text: Text }
  /** Not sent: the setting's `dailyLimit` of accepted mails (or the tenant's, `tenant`) is reached for today. */
  | { ok: false; limited: { sent: number; limit: number; tenant?: true } };

/** nodemailer's transport options for a setting row (unmasked). */
export function transportOptions(setting: JsonRecord) {
  const encryption = String(setting.encryption ?? SMTP_ENCRYPTION.tls);
  return {
    host: String(setting.smtpHost),
    port: Number(setting.smtpPort),
    secure: encryption === SMTP_ENCRYPTION.tls,
    requireTLS: encryption === SMTP_ENCRYPTION.starttls,
    ignoreTLS: encryption === SMTP_ENCRYPTION.none,
    auth: setting.username ? { user: String(setting.username), pass: String(setting.password ?? '') } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
  };
}

/** Sends e-mail through a tenant's SMTP settings (nodemailer) and records each send. */
export class MailService {
  constructor(private readonly db: Db, private readonly records: SendRecords, private readonly guard: OutboundGuard, private readonly quotas: TenantQuotas) {}

  /** The setting with this id, or the tenant's default one. */
  async setting(tenantId: string, id: string | null): Promise<JsonRecord | null> {
    let query = this.db.selectFrom(emailSettingEntity.table).select(selectColumns(emailSettingEntity))
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
    query = id ? query.where('id', '=', id) : query.where('is_default', '=', 1);
    const row = await query.executeTakeFirst();
    return row ? rowToRecord(emailSettingEntity, row) : null;
  }

  async send(caller: Pick<Caller, 'tenantId' | 'userId'>, setting: JsonRecord, mail: Mail): Promise<MailOutcome> {
    const record = { channel: 'mail' as const, configId: String(setting.id), provider: 'smtp', target: mail.to, template: mail.subject, params: '{}' };
    // The tenant's e-mails of the day (decision 293), whatever setting sends them.
    const tenantFull = await this.quotas.mailDayFull(caller.tenantId);
    if (tenantFull) {
      await this.records.write(caller, { ...record, status: SEND_STATUS.failed, answer: `tenant daily limit ${tenantFull.limit} reached` });
      return { ok: false, limited: { ...tenantFull, tenant: true } };
    }
    const limit = Number(setting.dailyLimit ?? 0);
    if (limit > 0) {
      // Today in the configured time zone, as the records' create_time is written.
      const sent = await this.records.acceptedSince(caller.tenantId, 'mail', record.configId, `${now().slice(0, 10)} 00:00:00`);
      if (sent >= limit) {
        await this.records.write(caller, { ...record, status: SEND_STATUS.failed, answer: `daily limit ${limit} reached` });
        return { ok: false, limited: { sent, limit } };
      }
    }
    const options = transportOptions(setting);
    let transport: ReturnType<typeof nodemailer.createTransport> | null = null;
    try {
      // The host is checked and the connection made to the checked address (the name kept for TLS).
      const [target] = await this.guard.resolve(options.host, options.port);
      const servername = net.isIP(options.host) ? undefined : options.host;
      transport = nodemailer.createTransport({ ...options, host: target?.address ?? options.host, ...(servername ? { tls: { servername } } : {}) });
      const info = await transport.sendMail({
        from: { name: String(setting.senderName ?? ''), address: String(setting.senderAddress) },
        ...(setting.replyTo ? { replyTo: String(setting.replyTo) } : {}),
        to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}),
      });
      await this.records.write(caller, { ...record, status: SEND_STATUS.sent, answer: String(info.response ?? info.messageId) });
      return { ok: true, messageId: info.messageId };
    } catch (err) {
      // The server's answer (a banner, an SMTP reply) is only logged: the caller and the record get general words.
      const text = this.guard.describe(err, options.host);
      await this.records.write(caller, { ...record, status: SEND_STATUS.failed, answer: text.en });
      return { ok: false, reason: text.zh, text };
    } finally {
      transport?.close();
    }
  }
}
