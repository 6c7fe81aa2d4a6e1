import {
  CONSENT_FLAGS, CONSENT_CHANNELS, CONSENT_SOURCE, ENTITIES, PUSH_CHANNEL, basicInfoEntity, sensitiveFields, snake, type ConsentFlag, type EntityDef,
} from '@alumni/domain';
import { now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { IDENTITY_KEY_TABLE } from '../db/migrations/021-identity.js';
import { AUDIT_TABLE } from '../db/migrations/037-audit-trail.js';
import { PORTAL_SESSION_TABLE } from '../db/migrations/047-portal-sessions.js';
import { PORTAL_CONSENT_TABLE } from '../db/migrations/048-portal-in-app-consent.js';
import type { EntityRepository } from '../engine/entity-repository.js';
import { appendConsentLog, type ConsentChange } from '../modules/people/consent-log.js';

/** What a name of an anonymised person reads (a required name field cannot be empty). */
export const ANONYMOUS_NAME = '已匿名化';

/**
 * The fields of the alumni record an anonymisation keeps: what the statistics count by (college,
 * speciality, year, level, gender, country) and the record's own state. Every other field is
 * emptied (decision 260).
 */
export const KEPT_FIELDS: ReadonlySet<string> = new Set([
  'gender', 'idType', 'departmentId', 'specialityId', 'firstEnrollmentYear', 'educationLevels', 'isKeyAlumni', 'isDeceased', 'source',
  'orgDeptId', 'status', 'country', 'consentUpdateTime', 'allowSms', 'allowEmail', 'allowWechat', 'directoryVisible',
]);
/** Name fields of rows about a person: a required one reads `已匿名化`, another is emptied. */
const NAME_FIELDS = new Set(['name', 'alumniName', 'donorName', 'formerName', 'realName', 'applicantName']);
/** Text fields of rows about a person that describe the person: emptied. */
const PERSON_FIELDS = new Set([
  'company', 'position', 'jobTitle', 'companionNames', 'className', 'studentNo', 'diplomaNo', 'degreeCertificateNo', 'supervisor',
  'nativePlace', 'avatar', 'wechat', 'address', 'recipient', 'recipientName', 'contactName', 'mailAddress', 'postalCode', 'workUnit',
]);

/** The entities whose rows point to an alumnus, with the fields that do. */
export function rowsAboutAlumnus(): { entity: EntityDef; fields: string[] }[] {
  return ENTITIES.filter((e) => e !== basicInfoEntity).flatMap((entity) => {
    const fields = Object.entries(entity.fields).filter(([, f]) => f.kind === 'fk' && f.ref === basicInfoEntity.name).map(([name]) => name);
    return fields.length > 0 ? [{ entity, fields }] : [];
  });
}

/** The values that empty a row's personal fields: names read `已匿名化`, the rest is null. */
function emptied(entity: EntityDef, keep: (field: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const sensitive = new Set(sensitiveFields(entity).map(([name]) => name));
  for (const [name, field] of Object.entries(entity.fields)) {
    if (keep(name)) continue;
    if (NAME_FIELDS.has(name) && field.required) out[name] = ANONYMOUS_NAME;
    else if (sensitive.has(name) || NAME_FIELDS.has(name) || PERSON_FIELDS.has(name) || entity === basicInfoEntity) out[name] = field.kind === 'flag' ? 0 : null;
  }
  return out;
}

/**
 * Anonymises an alumnus inside the transaction `tx` (PIPL art. 47, decision 260): every personal
 * field of the alumni record is emptied and its name reads 已匿名化, the rows about them elsewhere
 * (study records, registrations, applications, gifts, messages, push records, survey answers…)
 * lose their names, contact data and ID numbers, their identity hashes are removed, every channel
 * is withdrawn and every portal session ended. The rows stay, with their college, speciality,
 * years, amounts and states, so every count and sum stays the same.
 */
export async function anonymiseAlumnus(tx: Db, repository: EntityRepository, tenantId: string, alumnusId: string, operator: string | null): Promise<void> {
  const scope = { tenantId };
  const stamp = now();
  const record = await repository.findById(basicInfoEntity, scope, alumnusId, tx);
  if (!record) return;
  await withdrawEverything(tx, tenantId, alumnusId, record, operator, '隐私权请求：删除（匿名化）');
  await repository.update(basicInfoEntity, scope, alumnusId, {
    ...emptied(basicInfoEntity, (f) => KEPT_FIELDS.has(f)), allowSms: 0, allowEmail: 0, allowWechat: 0, directoryVisible: 0, consentUpdateTime: stamp,
    updateTime: stamp, ...(operator ? { updateUser: operator } : {}),
  }, tx);
  for (const { entity, fields } of rowsAboutAlumnus()) {
    const values = emptied(entity, (f) => fields.includes(f));
    if (Object.keys(values).length === 0) continue;
    const rowScope = { tenantId: entity.scope === 'tenant' ? tenantId : null };
    for (const field of fields) {
      // Read in the transaction (SQLite's one writer connection is the transaction's).
      const rows = await tx.selectFrom(entity.table).select('id').where(snake(field), '=', alumnusId)
        .$if(entity.scope === 'tenant', (q) => q.where('tenant_id', '=', tenantId)).where('is_deleted', '=', 0).execute();
      for (const row of rows) await repository.update(entity, rowScope, String(row.id), values, tx);
    }
  }
  await tx.deleteFrom(IDENTITY_KEY_TABLE).where('tenant_id', '=', tenantId).where('alumni_id', '=', alumnusId).execute();
  await tx.updateTable(AUDIT_TABLE).set({ record_title: ANONYMOUS_NAME })
    .where('tenant_id', '=', tenantId).where('entity', '=', basicInfoEntity.name).where('record_id', '=', alumnusId).execute();
  await tx.updateTable(PORTAL_SESSION_TABLE).set({ end_time: stamp })
    .where('tenant_id', '=', tenantId).where('alumnus_id', '=', alumnusId).where('end_time', 'is', null).execute();
}

/**
 * Withdraws every channel of an alumnus at once inside `tx` (SMS, e-mail and WeChat on the record's
 * flags, which every push reads; in-app in the portal's table), each change logged as the alumnus's
 * own withdrawal. `record` is the alumni record as stored.
 */
export async function withdrawEverything(tx: Db, tenantId: string, alumnusId: string, record: Readonly<Record<string, unknown>>, operator: string | null, note: string): Promise<void> {
  const stamp = now();
  const changes: ConsentChange[] = CONSENT_FLAGS.filter((flag) => Number(record[flag] ?? 0) === 1)
    .map((field) => ({ field, channel: CONSENT_CHANNELS[field], allowed: 0 as const }));
  if (changes.length > 0) {
    await tx.updateTable(basicInfoEntity.table).set({ allow_sms: 0, allow_email: 0, allow_wechat: 0, consent_update_time: stamp })
      .where('tenant_id', '=', tenantId).where('id', '=', alumnusId).execute();
  }
  const inApp = await tx.selectFrom(PORTAL_CONSENT_TABLE).select('in_app').where('alumnus_id', '=', alumnusId).executeTakeFirst();
  if (!inApp || Number(inApp.in_app) === 1) {
    await tx.insertInto(PORTAL_CONSENT_TABLE).values({ alumnus_id: alumnusId, tenant_id: tenantId, in_app: 0, update_time: stamp })
      .onConflict((oc) => oc.column('alumnus_id').doUpdateSet({ in_app: 0, update_time: stamp })).execute();
    changes.push({ field: 'inApp' as ConsentFlag, channel: PUSH_CHANNEL.inApp, allowed: 0 });
  }
  await appendConsentLog(tx, tenantId, alumnusId, changes, { source: CONSENT_SOURCE.unsubscribed, operator, time: stamp, note });
}
