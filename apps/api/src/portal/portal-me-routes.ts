import {
  EXAMINE_STATUS, REGIST_SOURCE, REGIST_STATUS, basicInfoEntity, maskSensitive, parseSubmit, registInfoEntity, studentStatusEntity, t,
  type Lang, type SensitiveKind, type SubmitValues,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../core/caller.js';
import { callOrigin } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { badRequest, invalidFields } from '../core/errors.js';
import { now } from '../core/time.js';
import { PORTAL_VISIBILITY_TABLE } from '../db/migrations/047-portal-sessions.js';
import { ExamineLog } from '../engine/examination/examine-log.js';
import { PORTAL_BASE } from './portal-auth-routes.js';
import { requireAlumnus, type Alumnus } from './portal-auth.js';
import { CONSENT_CHANNEL_KEYS, consentHistoryOf, consentOf, setConsent, type PortalConsent } from './portal-consent.js';

const tags = ['Alumni portal (校友门户)'];
const portal = { public: true, portal: true };

export const PORTAL_ME_MSG = {
  notBoolean: t('{field} 只能是 true 或 false', '{field} must be true or false'),
  nothing: t('请至少修改一项', 'Please change at least one item'),
  unknownField: t('不能申请更正的字段：{fields}', 'These fields cannot be corrected here: {fields}'),
  noChanges: t('请填写要更正的内容', 'Please give what should be corrected'),
  reasonRequired: t('请填写更正原因（2-500字）', 'Please give the reason for the correction (2–500 characters)'),
  correctionRemark: t('校友门户更正申请：{reason}', 'Correction asked in the alumni portal: {reason}'),
  pending: t('您已有一条更正申请在审核中，请等待处理', 'A correction you asked for is still being examined; please wait for it'),
  noStudy: t('您的学籍信息尚未登记，请联系校友办', 'Your study record is not yet on file; please contact the alumni office'),
} as const;

/** The fields the portal shows of the alumni record, in order; `kind` masks a field the school treats as sensitive. */
const SHOWN_FIELDS = ['alumniCode', 'name', 'formerName', 'gender', 'birthday', 'idType', 'idCardNo', 'phone', 'email', 'wechat',
  'country', 'address', 'company', 'position', 'jobTitle', 'departmentId', 'specialityId', 'firstEnrollmentYear'] as const;

/** The fields an alumnus may ask to correct: the registration fields a merge carries over. */
export const CORRECTABLE_FIELDS = ['name', 'formerName', 'gender', 'birthday', 'nativePlace', 'phone', 'email', 'wechat', 'country', 'address',
  'company', 'position', 'jobTitle'] as const;

const VISIBILITY_KEYS = ['phone', 'email', 'employer'] as const;
type Visibility = Record<(typeof VISIBILITY_KEYS)[number], boolean>;

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

/** The booleans of `keys` a body states; a 400 naming a key that is not a boolean, or when none is stated. */
function booleans<K extends string>(body: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, boolean>> {
  const out: Partial<Record<K, boolean>> = {};
  for (const key of keys) {
    if (!(key in body) || body[key] === undefined) continue;
    if (typeof body[key] !== 'boolean') throw badRequest(PORTAL_ME_MSG.notBoolean, { field: key });
    out[key] = body[key] as boolean;
  }
  if (Object.keys(out).length === 0) throw badRequest(PORTAL_ME_MSG.nothing);
  return out;
}

/** The alumnus as the writes of the portal are recorded: nobody of the staff, the tenant's own row. */
function portalCaller(alumnus: Alumnus, req: FastifyRequest): Caller {
  return {
    userId: '0', tenantId: alumnus.tenantId, account: 'portal', userName: alumnus.name, realName: alumnus.name, roleIds: [], roleAliases: [],
    deptIds: [], deptId: null, clientId: 'portal', isSuperAdmin: false, tokenId: '', refreshTokenId: '', expiresAt: 0, refreshExpiresAt: 0,
    lang: alumnus.lang, origin: callOrigin(req),
  };
}

/**
 * The signed-in alumnus's own record (decision 247): every call answers the caller's row only — no
 * call takes an alumnus id — masked where the school treats a field as sensitive; consent per
 * channel with its history; visibility to other alumni (hidden unless shown); corrections asked for
 * as a registration the staff examine and merge (the examination shows the difference).
 */
export function registerPortalMeRoutes(app: FastifyInstance): void {
  const { database, repository, labels, operations } = app.services;
  const db = database.db;
  const log = new ExamineLog();

  async function visibilityOf(alumnus: Alumnus): Promise<Visibility> {
    const row = await db.selectFrom(PORTAL_VISIBILITY_TABLE).select(['phone', 'email', 'employer'])
      .where('alumnus_id', '=', alumnus.alumnusId).where('tenant_id', '=', alumnus.tenantId).executeTakeFirst();
    return { phone: Number(row?.phone ?? 0) === 1, email: Number(row?.email ?? 0) === 1, employer: Number(row?.employer ?? 0) === 1 };
  }

  async function recordOf(alumnus: Alumnus) {
    const record = await repository.findById(basicInfoEntity, { tenantId: alumnus.tenantId }, alumnus.alumnusId);
    if (!record) throw badRequest(PORTAL_ME_MSG.noChanges); // requireAlumnus found it live a moment ago
    return record;
  }

  async function display(alumnus: Alumnus, record: Record<string, unknown>, lang: Lang) {
    const names: Record<string, string | null> = {};
    const nameOf = async (table: string, column: string, id: unknown) => {
      if (id === null || id === undefined || id === '') return null;
      const row = await db.selectFrom(table).select(column).where('id', '=', String(id)).where('tenant_id', '=', alumnus.tenantId).executeTakeFirst();
      return row ? String((row as Record<string, unknown>)[column] ?? '') : null;
    };
    names.departmentId = await nameOf('alumni_department', 'department_name', record.departmentId);
    names.specialityId = await nameOf('alumni_speciality', 'speciality_name', record.specialityId);
    const fields = [];
    for (const key of SHOWN_FIELDS) {
      const field = basicInfoEntity.fields[key];
      if (!field) continue;
      let value: unknown = record[key];
      if (key in names) value = names[key];
      else if (field.kind === 'dict' && value !== null && value !== undefined && value !== '') {
        const dict = field as { dict?: string; source?: 'system' | 'biz' };
        if (dict.dict) value = await labels.label(dict.source ?? 'system', alumnus.tenantId, dict.dict, String(value), lang);
      }
      const kind = (field as { sensitive?: SensitiveKind }).sensitive;
      const text = value === null || value === undefined ? '' : String(value);
      fields.push({ key, label: field.label[lang], value: kind && text !== '' ? maskSensitive(kind, text) : text });
    }
    return fields;
  }

  app.get(`${PORTAL_BASE}/me`, {
    config: portal, schema: { tags, summary: 'My record as the school holds it (masked where sensitive), my consent and my visibility' },
  }, async (req) => {
    const alumnus = await requireAlumnus(req);
    const record = await recordOf(alumnus);
    return ok({
      id: alumnus.alumnusId, name: String(record.name ?? ''), fields: await display(alumnus, record, req.lang),
      consent: await consentOf(db, alumnus.tenantId, alumnus.alumnusId), visibility: await visibilityOf(alumnus),
    }, req.lang);
  });

  app.put(`${PORTAL_BASE}/me/consent`, {
    config: portal,
    schema: { tags, summary: 'Changes my consent per channel; each change is logged', body: { type: 'object', properties: { sms: { type: 'boolean' }, email: { type: 'boolean' }, inApp: { type: 'boolean' } } } },
  }, async (req) => {
    const alumnus = await requireAlumnus(req);
    const wanted = booleans(bodyOf(req), CONSENT_CHANNEL_KEYS) as Partial<PortalConsent>;
    return ok(await setConsent(db, alumnus.tenantId, alumnus.alumnusId, wanted), req.lang);
  });

  app.get(`${PORTAL_BASE}/me/consent/history`, {
    config: portal, schema: { tags, summary: 'The history of my consent, newest first' },
  }, async (req) => {
    const alumnus = await requireAlumnus(req);
    return ok(await consentHistoryOf(db, alumnus.tenantId, alumnus.alumnusId), req.lang);
  });

  app.put(`${PORTAL_BASE}/me/visibility`, {
    config: portal,
    schema: { tags, summary: 'Which of my fields other alumni may see (hidden unless shown)', body: { type: 'object', properties: { phone: { type: 'boolean' }, email: { type: 'boolean' }, employer: { type: 'boolean' } } } },
  }, async (req) => {
    const alumnus = await requireAlumnus(req);
    const wanted = booleans(bodyOf(req), VISIBILITY_KEYS);
    const next = { ...(await visibilityOf(alumnus)), ...wanted };
    const values = { phone: next.phone ? 1 : 0, email: next.email ? 1 : 0, employer: next.employer ? 1 : 0, update_time: now() };
    await db.insertInto(PORTAL_VISIBILITY_TABLE).values({ alumnus_id: alumnus.alumnusId, tenant_id: alumnus.tenantId, ...values })
      .onConflict((oc) => oc.column('alumnus_id').doUpdateSet(values)).execute();
    return ok(await visibilityOf(alumnus), req.lang);
  });

  app.post(`${PORTAL_BASE}/me/correction`, {
    config: portal,
    schema: {
      tags, summary: 'Asks the school to correct my record: a registration the staff examine and merge, showing the difference',
      body: { type: 'object', properties: { changes: { type: 'object', additionalProperties: { type: 'string' } }, reason: { type: 'string' } } },
    },
  }, async (req) => {
    const alumnus = await requireAlumnus(req);
    const lang = req.lang;
    const body = bodyOf(req);
    const changes = body.changes && typeof body.changes === 'object' && !Array.isArray(body.changes) ? (body.changes as Record<string, unknown>) : null;
    if (!changes || Object.keys(changes).length === 0) throw badRequest(PORTAL_ME_MSG.noChanges);
    const unknown = Object.keys(changes).filter((k) => !(CORRECTABLE_FIELDS as readonly string[]).includes(k));
    if (unknown.length > 0) throw badRequest(PORTAL_ME_MSG.unknownField, { fields: unknown.join(', ') });
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if ([...reason].length < 2 || [...reason].length > 500) throw badRequest(PORTAL_ME_MSG.reasonRequired);
    const sent = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v).trim()]));
    // Each change is checked as the registration form checks it.
    const checked = parseSubmit(registInfoEntity, { id: '1', ...sent }, lang);
    if (!checked.ok) throw invalidFields(checked.errors);
    const scope = { tenantId: alumnus.tenantId };
    const record = await recordOf(alumnus);
    const pending = await repository.scoped(registInfoEntity, scope, [{ field: 'alumniId', op: 'equal', value: alumnus.alumnusId }])
      .select('id').where('examine_status', '=', REGIST_STATUS.pending).limit(1).executeTakeFirst();
    if (pending) throw badRequest(PORTAL_ME_MSG.pending);
    // The study the registration carries is the alumnus's first approved one (what the merge finds as its twin).
    const study = (await repository.all(studentStatusEntity, scope, [
      { field: 'alumniId', op: 'equal', value: alumnus.alumnusId }, { field: 'examineStatus', op: 'equal', value: String(EXAMINE_STATUS.approved) },
    ], [{ field: 'enrollmentYear', desc: false }], 1))[0];
    if (!study) throw badRequest(PORTAL_ME_MSG.noStudy);
    const carried = ['name', 'formerName', 'gender', 'idType', 'idCardNo', 'birthday', 'nation', 'politicalStatus', 'nativePlace', 'areaCode',
      'phone', 'email', 'wechat', 'country', 'provinceCode', 'cityCode', 'districtCode', 'address', 'company', 'companyNature', 'industry',
      'position', 'jobTitle', 'allowSms', 'allowEmail', 'allowWechat'];
    const values: SubmitValues = {
      ...Object.fromEntries(carried.map((k) => [k, record[k] ?? null])),
      ...Object.fromEntries(Object.keys(sent).map((k) => [k, checked.values[k] ?? null])),
      departmentId: study.departmentId ?? null, specialityId: study.specialityId ?? null, educationLevel: study.educationLevel ?? null,
      enrollmentYear: study.enrollmentYear ?? null, graduationYear: study.graduationYear ?? null, studentNo: study.studentNo ?? null,
      className: study.className ?? null, studyForm: study.studyForm ?? '1',
      alumniId: alumnus.alumnusId, source: REGIST_SOURCE.web, status: 1,
      remark: PORTAL_ME_MSG.correctionRemark.zh.replace('{reason}', reason),
      examineStatus: REGIST_STATUS.pending, examineUser: null, examineTime: null, examineOpinion: null,
    };
    const caller = portalCaller(alumnus, req);
    const plan = operations.systemPlan(registInfoEntity, { caller, lang, codes: new Set(), reads: new Map() });
    const saved = await db.transaction().execute(async (tx) => {
      const row = await operations.writeRow(plan, tx, { id: null, values }, sent);
      await log.append(tx, {
        tenantId: alumnus.tenantId, bizType: 'registinfo', bizId: String(row.id), action: 'submit', fromStatus: null,
        toStatus: REGIST_STATUS.pending, opinion: reason, examineUser: '0', examineUserName: alumnus.name, examineTime: now(),
      });
      return row;
    });
    return ok({ id: String(saved.id), registNo: saved.registNo ?? null }, lang);
  });
}
