import {
  MERGE_DEFAULT_FIELDS, MERGE_IDENTITY_FIELDS, MERGEABLE_FIELDS, REGIST_AGREEMENT, REGIST_SOURCE, REGIST_STATUS, STAFF_AGREEMENT,
  basicInfoEntity, formatSequenceNumber, maskPersonalField, periodOf, registInfoEntity, type SequenceNumber,
} from '@alumni/domain';
import type { Db } from '../db/database.js';
import { plain, valuesToColumns } from '../db/row-mapping.js';
import { Duplicates } from '../modules/identity/duplicates.js';
import type { IdentityKeys } from '../modules/identity/identity-keys.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { personOf } from '../modules/identity/regist-info-hooks.js';
import { rosterMatch } from '../modules/people/roster-match.js';
import { seedId } from './menu-tree.js';
import { OFFICE, registPlans, type RegistPlan } from './regist-plans.js';
import { knownAlumni, type Claim } from './regist-seed-people.js';
import type { SeedWriter } from './seed-writer.js';

const TENANT = '000000';
const REGISTRATIONS = 6, EXAMINE_LOGS = 31;
/** Who a self-service registration is recorded as created by (the public page's registrant). */
const REGISTRANT = '0';
const CONSENT = new Set(['allowSms', 'allowEmail', 'allowWechat']);
const OVERWRITTEN = new Set<string>(MERGE_DEFAULT_FIELDS);
const IDENTITY = new Set<string>(MERGE_IDENTITY_FIELDS);
const IDENTITY_KEYED = ['name', 'idType', 'idCardNo', 'areaCode', 'phone', 'email', 'birthday'];

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * The demo school's 60 registrations (DOMAIN 18.4), written as the API leaves them: numbered per
 * day of creation, checked against the roster and the alumni by the server's own checks, examined
 * with the examiner, time, opinion and log rows the examine call writes, merges carried into the
 * alumni records they name. Runs after the people and their identity keys are seeded.
 */
export async function seedRegistrations(w: SeedWriter, keys: IdentityKeys, sealing: FieldSealing): Promise<void> {
  const db = w.db;
  const duplicates = new Duplicates(keys, sealing);
  const plans = registPlans(await knownAlumni(db, sealing)).sort((a, b) => a.created.localeCompare(b.created));
  const units = new Map((await db.selectFrom('alumni_department').select(['id', 'org_dept_id']).where('tenant_id', '=', TENANT).execute())
    .map((r) => [String(r.id), r.org_dept_id === null ? null : String(r.org_dept_id)]));
  const numbers = registNumbers(plans);
  let logRow = await seededRows(db, 'alumni_examine_log', EXAMINE_LOGS);
  const log = async (bizId: string, entry: Record<string, unknown>) => {
    logRow += 1;
    await db.insertInto('alumni_examine_log').values(valuesToColumns({ id: seedId(EXAMINE_LOGS, logRow), tenantId: TENANT, bizType: 'registinfo', bizId, snapshot: null, ...entry })).execute();
  };

  for (const [i, plan] of plans.entries()) {
    const { claim, verdict } = plan;
    const id = seedId(REGISTRATIONS, i + 1);
    // What the save computes (regist-info-hooks.ts): the roster check, and the duplicate level among the alumni of the day
    // (an approval made its alumnus afterwards, so that one is not its own duplicate).
    const roster = await rosterMatch(sealing, db, TENANT, {
      studentNo: claim.studentNo, name: claim.name, idType: claim.idType, idCardNo: claim.idCardNo,
      departmentId: claim.departmentId, enrollmentYear: claim.enrollmentYear,
    });
    const made = verdict?.status === REGIST_STATUS.approved ? verdict.alumniId : null;
    const duplicateLevel = Duplicates.level(await duplicates.candidates(db, TENANT, personOf({ ...claim }), made));
    const selfService = plan.source === REGIST_SOURCE.web || plan.source === REGIST_SOURCE.miniProgram;
    const creator = plan.by?.id ?? REGISTRANT;
    await w.insert('alumni_regist_info', {
      id, registNo: numbers[i], ...claim,
      agreementTextCode: selfService ? REGIST_AGREEMENT.textCode : STAFF_AGREEMENT, agreementVersion: selfService ? REGIST_AGREEMENT.version : null,
      consentTime: plan.created, source: plan.source, rosterMatch: roster.rosterMatch, matchedStudentId: roster.matchedStudentId, duplicateLevel,
      examineStatus: verdict?.status ?? REGIST_STATUS.pending, examineUser: verdict?.by.id ?? null, examineTime: verdict?.at ?? null,
      examineOpinion: verdict?.opinion ?? null, alumniId: verdict?.alumniId ?? null, orgDeptId: units.get(claim.departmentId) ?? null,
      remark: plan.remark ?? null, status: verdict?.disabledAt ? 2 : 1,
      createUser: creator, createDept: plan.by?.deptId ?? null, createTime: plan.created,
      updateUser: verdict ? verdict.by.id : creator, updateTime: verdict?.disabledAt ?? verdict?.at ?? plan.created,
    }, TENANT);
    await log(id, {
      action: 'submit', fromStatus: null, toStatus: REGIST_STATUS.pending, opinion: null,
      examineUser: creator, examineUserName: plan.by?.name ?? claim.name, examineTime: plan.created,
    });
    if (!verdict) continue;
    let snapshot: string | null = null;
    if (verdict.status === REGIST_STATUS.merged) snapshot = JSON.stringify(await merge(db, keys, sealing, claim, verdict.alumniId as string, verdict.at));
    if (verdict.status === REGIST_STATUS.approved) {
      // The alumnus was made from this registration: it lives where the registration says.
      await db.updateTable('alumni_basic_info').set({ province_code: claim.provinceCode, city_code: claim.cityCode }).where('id', '=', verdict.alumniId as string).execute();
    }
    await log(id, {
      action: verdict.status === REGIST_STATUS.approved ? 'approve' : verdict.status === REGIST_STATUS.merged ? 'merge' : 'reject',
      fromStatus: REGIST_STATUS.pending, toStatus: verdict.status, opinion: verdict.opinion,
      examineUser: verdict.by.id, examineUserName: verdict.by.name, examineTime: verdict.at, snapshot,
    });
  }
  await seedNumberCounters(db, plans);
}

/** The registration numbers in creation order: DJ, the day, and the day's sequence. */
function registNumbers(plans: readonly RegistPlan[]): string[] {
  const rule = registInfoEntity.numbers?.registNo as SequenceNumber;
  const prefix = typeof rule.prefix === 'string' ? rule.prefix : rule.prefix.default;
  const perDay = new Map<string, number>();
  return plans.map((plan) => {
    const period = periodOf(rule, plan.created);
    const value = (perDay.get(period) ?? 0) + 1;
    perDay.set(period, value);
    return formatSequenceNumber(rule, prefix, period, value);
  });
}

/** Each day's counter where the seed left it, so the next registration of that day takes the next number. */
async function seedNumberCounters(db: Db, plans: readonly RegistPlan[]): Promise<void> {
  const rule = registInfoEntity.numbers?.registNo as SequenceNumber;
  const prefix = typeof rule.prefix === 'string' ? rule.prefix : rule.prefix.default;
  const perDay = new Map<string, number>();
  for (const plan of plans) perDay.set(periodOf(rule, plan.created), (perDay.get(periodOf(rule, plan.created)) ?? 0) + 1);
  for (const [period, value] of perDay) {
    await db.insertInto('app_sequence').values({ tenant_id: TENANT, name: `${registInfoEntity.table}.registNo:${prefix}${period}`, value }).execute();
  }
}

/** How many seed rows of a table number a table already holds (rows are numbered from 1). */
async function seededRows(db: Db, table: string, number: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id', '>=', seedId(number, 0)).where('id', '<=', seedId(number, 9999)).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * A merge as the examine call makes it (DOMAIN 4.2.4): the contact and work fields of the
 * registration replace the alumnus's, identity fields only fill empty ones, a refusal of consent
 * follows. Answers the log's snapshot.
 */
async function merge(db: Db, keys: IdentityKeys, sealing: FieldSealing, claim: Claim, alumniId: string, at: string) {
  const stored = await db.selectFrom('alumni_basic_info').selectAll().where('id', '=', alumniId).executeTakeFirstOrThrow();
  const target = sealing.openRecord(basicInfoEntity, plain(stored));
  const incoming = claim as unknown as Record<string, unknown>;
  const fields: { field: string; oldValue: unknown; newValue: unknown }[] = [];
  for (const field of [...MERGEABLE_FIELDS, ...CONSENT]) {
    const value = incoming[field];
    if (CONSENT.has(field)) {
      if (Number(value) === 0 && Number(target[field]) !== 0) fields.push({ field, oldValue: target[field] ?? null, newValue: 0 });
      continue;
    }
    if (!filled(value) || (IDENTITY.has(field) && filled(target[field])) || (!IDENTITY.has(field) && !OVERWRITTEN.has(field))) continue;
    if (String(value) !== String(target[field] ?? '')) fields.push({ field, oldValue: target[field] ?? null, newValue: value });
  }
  if (fields.length > 0) {
    const changes = Object.fromEntries(fields.map((f) => [f.field, f.newValue]));
    await db.updateTable('alumni_basic_info').set(valuesToColumns({ ...sealing.sealValues(basicInfoEntity, changes), updateUser: OFFICE.id, updateTime: at })).where('id', '=', alumniId).execute();
    if (fields.some((f) => IDENTITY_KEYED.includes(f.field))) {
      const person = { ...target, ...changes };
      await keys.store(db, TENANT, alumniId, { name: person.name, idType: person.idType, idCardNo: person.idCardNo, areaCode: person.areaCode, phone: person.phone, email: person.email, birthday: person.birthday });
    }
  }
  // The log keeps the snapshot outside the sealed columns: personal data masked, as the examine call keeps it.
  return { alumniId, fields: fields.map((f) => ({ field: f.field, oldValue: maskPersonalField(f.field, f.oldValue), newValue: maskPersonalField(f.field, f.newValue) })) };
}
