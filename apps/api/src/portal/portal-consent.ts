import { CONSENT_SOURCE, PUSH_CHANNEL, basicInfoEntity, type ConsentFlag } from '@alumni/domain';
import { now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { CONSENT_LOG_TABLE } from '../db/migrations/023-consent-log.js';
import { PORTAL_CONSENT_TABLE } from '../db/migrations/048-portal-in-app-consent.js';
import { appendConsentLog, type ConsentChange } from '../modules/people/consent-log.js';

/** An alumnus's consent per channel as the portal shows it. */
export interface PortalConsent {
  sms: boolean;
  email: boolean;
  inApp: boolean;
}

export type ConsentChannel = keyof PortalConsent;
export const CONSENT_CHANNEL_KEYS: readonly ConsentChannel[] = ['sms', 'email', 'inApp'];

/** The `push_channel` key each portal channel is logged under (and the record's flag, for SMS and e-mail). */
const CHANNEL_OF: Record<ConsentChannel, { channel: string; flag: ConsentFlag | null; column: string | null }> = {
  sms: { channel: PUSH_CHANNEL.sms, flag: 'allowSms', column: 'allow_sms' },
  email: { channel: PUSH_CHANNEL.email, flag: 'allowEmail', column: 'allow_email' },
  inApp: { channel: PUSH_CHANNEL.inApp, flag: null, column: null },
};

/** The portal name of a logged `push_channel` key (WeChat, which the portal does not show, is `wechat`). */
export const consentChannelName = (channel: string): string =>
  (Object.entries(CHANNEL_OF).find(([, c]) => c.channel === channel)?.[0]) ?? (channel === PUSH_CHANNEL.wechat ? 'wechat' : channel);

/** The alumnus's consent: SMS and e-mail from the alumni record (what pushes read), in-app from the portal's table (yes unless withdrawn). */
export async function consentOf(db: Db, tenantId: string, alumnusId: string): Promise<PortalConsent> {
  const row = await db.selectFrom(`${basicInfoEntity.table} as a`)
    .leftJoin(`${PORTAL_CONSENT_TABLE} as p`, 'p.alumnus_id', 'a.id')
    .select(['a.allow_sms', 'a.allow_email', 'p.in_app'])
    .where('a.tenant_id', '=', tenantId).where('a.id', '=', alumnusId).executeTakeFirst();
  return {
    sms: Number(row?.allow_sms ?? 0) === 1,
    email: Number(row?.allow_email ?? 0) === 1,
    inApp: row?.in_app === null || row?.in_app === undefined ? true : Number(row.in_app) === 1,
  };
}

/** Whether each of these alumni accepts in-app messages (no row: yes). */
export async function inAppAllowed(db: Db, tenantId: string, alumnusIds: readonly string[]): Promise<Set<string>> {
  if (alumnusIds.length === 0) return new Set();
  const refused = await db.selectFrom(PORTAL_CONSENT_TABLE).select('alumnus_id')
    .where('tenant_id', '=', tenantId).where('alumnus_id', 'in', [...alumnusIds]).where('in_app', '=', 0).execute();
  const no = new Set(refused.map((r) => String(r.alumnus_id)));
  return new Set(alumnusIds.filter((id) => !no.has(id)));
}

/**
 * The alumnus changes their own consent (DOMAIN 4.3.3): SMS and e-mail on the alumni record's own
 * flags, which every push reads, so the next push honours the change; in-app in the portal's table.
 * Each changed channel is logged (source 2 unsubscribed / 3 re-subscribed, no operator), in one
 * transaction. Answers the consent as it now stands.
 */
export async function setConsent(db: Db, tenantId: string, alumnusId: string, wanted: Partial<PortalConsent>, note: string | null = '校友门户'): Promise<PortalConsent> {
  return db.transaction().execute(async (tx) => {
    const before = await consentOf(tx, tenantId, alumnusId);
    const stamp = now();
    const changes: ConsentChange[] = [];
    const record: Record<string, unknown> = {};
    for (const key of CONSENT_CHANNEL_KEYS) {
      const value = wanted[key];
      if (value === undefined || value === before[key]) continue;
      const { channel, flag, column } = CHANNEL_OF[key];
      changes.push({ field: (flag ?? 'inApp') as ConsentFlag, channel, allowed: value ? 1 : 0 });
      if (column) record[column] = value ? 1 : 0;
    }
    if (changes.length === 0) return before;
    if (Object.keys(record).length > 0) {
      await tx.updateTable(basicInfoEntity.table).set({ ...record, consent_update_time: stamp })
        .where('tenant_id', '=', tenantId).where('id', '=', alumnusId).execute();
    }
    if (wanted.inApp !== undefined && wanted.inApp !== before.inApp) {
      const inApp = wanted.inApp ? 1 : 0;
      await tx.insertInto(PORTAL_CONSENT_TABLE).values({ alumnus_id: alumnusId, tenant_id: tenantId, in_app: inApp, update_time: stamp })
        .onConflict((oc) => oc.column('alumnus_id').doUpdateSet({ in_app: inApp, update_time: stamp })).execute();
    }
    // Withdrawals and grants are logged apart, each with its own source.
    for (const allowed of [0, 1] as const) {
      const some = changes.filter((c) => c.allowed === allowed);
      await appendConsentLog(tx, tenantId, alumnusId, some, {
        source: allowed ? CONSENT_SOURCE.resubscribed : CONSENT_SOURCE.unsubscribed, operator: null, time: stamp, note,
      });
    }
    return consentOf(tx, tenantId, alumnusId);
  });
}

/** The alumnus's consent changes, newest first: `{ channel, granted, time }`. */
export async function consentHistoryOf(db: Db, tenantId: string, alumnusId: string, limit = 200): Promise<{ channel: string; granted: boolean; time: string }[]> {
  const rows = await db.selectFrom(CONSENT_LOG_TABLE).select(['channel', 'allowed', 'time', 'id'])
    .where('tenant_id', '=', tenantId).where('alumni_id', '=', alumnusId)
    .orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ channel: consentChannelName(String(r.channel)), granted: Number(r.allowed) === 1, time: String(r.time) }));
}
