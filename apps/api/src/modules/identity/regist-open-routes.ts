import {
  EXAMINE_STATUS, MSG, REGIST_AGREEMENT, REGIST_MSG, REGIST_SOURCE, REGIST_STATUS, formDefaults, isId, parseSubmit,
  registInfoEntity, specialityEntity, t, type Condition, type SubmitValues,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decryptJson, CRYPTO_MSG } from '../../core/body-crypto.js';
import { callOrigin, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { publicTenantOf } from '../../core/public-tenant.js';
import { badRequest, invalidFields } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { ExamineLog } from '../../engine/examination/examine-log.js';
import { departmentChoices } from '../academic/academic-routes.js';
import { currentText } from '../messaging/current-text.js';
import { sanitizeRichText } from '../../engine/rich-text.js';
import { normalPhone } from './identity-normal.js';

const BASE = `${registInfoEntity.api!.base}/open`;
const DUPLICATE_REGISTRATION = t(
  '该证件号码已有待审核的登记，请勿重复提交；如需更正，请联系校友办',
  'A registration with this ID number is already waiting for examination; it cannot be submitted again (contact the alumni office to correct it)',
);
const tags = [`${registInfoEntity.label.en} (${registInfoEntity.label.zh}) — self-service`];

/** The fields an alumnus fills on the page (DOMAIN 4.2.6): the form's groups without the staff-only ones. */
const PUBLIC_FIELDS = [
  'name', 'formerName', 'gender', 'idType', 'idCardNo', 'birthday', 'nation', 'politicalStatus', 'nativePlace', 'avatar',
  'departmentId', 'specialityId', 'educationLevel', 'enrollmentYear', 'graduationYear', 'studentNo', 'className', 'studyForm',
  'areaCode', 'phone', 'email', 'wechat', 'country', 'provinceCode', 'cityCode', 'districtCode', 'address',
  'company', 'companyNature', 'industry', 'position', 'jobTitle', 'allowSms', 'allowEmail', 'allowWechat',
] as const;

/** The registrant, as the writes of the page are recorded: nobody signed in, the tenant's own row. */
function registrant(tenantId: string): Caller {
  return {
    userId: '0', tenantId, account: 'self-service', userName: '自助登记', realName: '自助登记', roleIds: [], roleAliases: [], deptIds: [],
    deptId: null, clientId: 'regist', isSuperAdmin: false, tokenId: '', refreshTokenId: '', expiresAt: 0, refreshExpiresAt: 0,
  };
}

/**
 * The self-service registration page's calls (DOMAIN 4.2.6): no token, the tenant from the
 * `Tenant-Id` header, limited per address, the captcha on submit. A submission (or a rejected
 * registrant's resubmission) goes through the registration's own rules and waits for examination.
 */
export function registerRegistOpenRoutes(app: FastifyInstance): void {
  const { operations: ops, repository, params, database, captcha, config } = app.services;
  const log = new ExamineLog();
  const open = { public: true };

  /**
   * The agreement the page shows and a submission accepts: the school's current version of the text
   * `REGIST_AGREEMENT` (DOMAIN 8.7), as HTML cleaned like a notice's; the built-in wording only while
   * the school has none.
   */
  const agreementOf = async (tenantId: string, lang: 'zh' | 'en') => {
    const text = await currentText(database.db, tenantId, REGIST_AGREEMENT.textCode);
    if (text) return { textCode: REGIST_AGREEMENT.textCode, version: text.version, title: text.title, content: sanitizeRichText(text.content) };
    return { textCode: REGIST_AGREEMENT.textCode, version: REGIST_AGREEMENT.version, title: REGIST_AGREEMENT.title[lang], content: `<p>${REGIST_AGREEMENT.content[lang]}</p>` };
  };

  app.get(`${BASE}/options`, {
    config: open,
    schema: { tags, summary: 'What the registration page offers: the school, its departments and the agreement to accept' },
  }, async (req) => {
    const tenantId = await publicTenantOf(database.db, req);
    const caller = registrant(tenantId);
    const lang = req.lang;
    const [schoolName, schoolBeginYear, departments, provinces, agreement] = await Promise.all([
      params.get(tenantId, 'alumni.schoolName').then((v) => v ?? ''),
      params.number(tenantId, 'alumni.schoolBeginYear', 1952),
      departmentChoices(ops, repository, caller, true),
      // The provinces (reference data of every tenant): the page asks for one when the country is China.
      database.db.selectFrom('blade_region').select(['code', 'name']).where('region_level', '=', '1').where('is_deleted', '=', 0).orderBy('code').execute(),
      agreementOf(tenantId, req.lang),
    ]);
    return ok({
      schoolName, schoolBeginYear, currentYear: new Date().getFullYear(), departments,
      provinces: provinces.map((p) => ({ code: String(p.code), name: String(p.name) })),
      agreement,
    }, lang);
  });

  app.get(`${BASE}/speciality`, {
    config: open,
    schema: { tags, summary: 'The approved, enabled specialities of a department', querystring: { type: 'object', properties: { departmentId: { type: 'string' } }, required: ['departmentId'] } },
  }, async (req) => {
    const tenantId = await publicTenantOf(database.db, req);
    const departmentId = String((req.query as { departmentId?: unknown }).departmentId ?? '');
    if (!isId(departmentId)) throw badRequest(MSG.badFilterValue, { name: 'departmentId' });
    const conditions: Condition[] = [
      { field: 'departmentId', op: 'equal', value: departmentId },
      { field: 'examineStatus', op: 'equal', value: EXAMINE_STATUS.approved }, { field: 'status', op: 'equal', value: 1 },
    ];
    const rows = await repository.all(specialityEntity, { tenantId }, conditions, [{ field: 'sort', desc: false }]);
    return ok(rows.map((r) => ({ id: r.id, specialityName: r.specialityName, educationLevel: r.educationLevel, isHistorical: r.isHistorical })), req.lang);
  });

  app.post(`${BASE}/submit`, {
    config: open,
    schema: {
      tags, summary: 'Submits a registration (or resubmits a rejected one, with its id and phone); it waits for examination',
      description: 'Headers `Captcha-Key` and `Captcha-Code`. The body may be encrypted as the manage save\'s (PROTOCOL 9) or plain JSON; `agreementVersion` names the accepted agreement.',
    },
  }, async (req) => {
    const tenantId = await publicTenantOf(database.db, req);
    const lang = req.lang;
    let body: unknown = req.body;
    if (typeof body === 'string') {
      try {
        body = decryptJson(body, config.apiCryptoKey);
      } catch {
        throw badRequest(CRYPTO_MSG.badBody);
      }
    }
    const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    if (!(await captcha.check(String(req.headers['captcha-key'] ?? ''), String(req.headers['captcha-code'] ?? '')))) throw badRequest(REGIST_MSG.captcha);
    // The version accepted must be the one the page shows now (a newer one may have taken over since).
    const agreement = await agreementOf(tenantId, lang);
    if (sent.agreementVersion !== agreement.version) throw badRequest(REGIST_MSG.agreementRequired);
    const id = typeof sent.id === 'string' && sent.id !== '' ? sent.id : null;
    const fields = Object.fromEntries(PUBLIC_FIELDS.filter((name) => name in sent).map((name) => [name, sent[name]]));
    const parsed = parseSubmit(registInfoEntity, id ? { ...fields, id } : { ...formDefaults(registInfoEntity), ...fields }, lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    // The audit trail records where a submission came from, as it does for staff.
    const caller: Caller = { ...registrant(tenantId), origin: callOrigin(req) };
    const plan = ops.systemPlan(registInfoEntity, { caller, lang, codes: new Set(), reads: new Map() });
    const saved = await database.db.transaction().execute(async (tx) => {
      const stamp = now();
      let existing = null;
      if (id) {
        existing = await repository.findById(registInfoEntity, { tenantId }, id, tx);
        const samePhone = existing && normalPhone(String(existing.phone ?? ''), String(existing.areaCode ?? '')) === normalPhone(String(sent.phone ?? ''), String(sent.areaCode ?? existing.areaCode ?? ''));
        if (!existing || !samePhone) throw badRequest(REGIST_MSG.notFound);
        if (Number(existing.examineStatus) !== REGIST_STATUS.rejected) throw badRequest(REGIST_MSG.notResubmittable);
      }
      // One person, one registration waiting at a time: none while another of the same ID number (found
      // by its keyed hash) waits for examination, whatever its phone. Once examined, the person may
      // register again (an update of an approved alumnus is what the examiner merges).
      const idCardNo = parsed.values.idCardNo;
      if (typeof idCardNo === 'string' && idCardNo !== '') {
        let same = repository.scoped(registInfoEntity, { tenantId }, [
          { field: 'idType', op: 'equal', value: String(parsed.values.idType ?? existing?.idType ?? '1') },
          { field: 'idCardNo', op: 'equal', value: idCardNo },
        ], tx).select('id').where('examine_status', '=', REGIST_STATUS.pending);
        if (id) same = same.where('id', '<>', id);
        if (await same.limit(1).executeTakeFirst()) throw badRequest(DUPLICATE_REGISTRATION);
      }
      const values: SubmitValues = {
        ...parsed.values,
        agreementTextCode: REGIST_AGREEMENT.textCode, agreementVersion: agreement.version, consentTime: stamp,
        examineStatus: REGIST_STATUS.pending, examineUser: null, examineTime: null, examineOpinion: null,
        ...(id ? {} : { source: REGIST_SOURCE.web }),
      };
      const record = await ops.writeRow(plan, tx, { id, values }, sent);
      await log.append(tx, {
        tenantId, bizType: 'registinfo', bizId: String(record.id), action: id ? 'resubmit' : 'submit',
        fromStatus: existing ? Number(existing.examineStatus) : null, toStatus: REGIST_STATUS.pending, opinion: null,
        examineUser: caller.userId, examineUserName: String(sent.name ?? existing?.name ?? ''), examineTime: stamp,
      });
      return record;
    });
    return ok({ registNo: saved.registNo }, lang);
  });

  app.get(`${BASE}/progress`, {
    config: open,
    schema: {
      tags, summary: 'Where a registration stands, found by its number and the phone it gave',
      querystring: { type: 'object', properties: { registNo: { type: 'string' }, phone: { type: 'string' } }, required: ['registNo', 'phone'] },
    },
  }, async (req) => {
    const tenantId = await publicTenantOf(database.db, req);
    const query = req.query as { registNo?: unknown; phone?: unknown };
    const registNo = typeof query.registNo === 'string' ? query.registNo.trim() : '';
    const phone = typeof query.phone === 'string' ? query.phone : '';
    const [row] = registNo !== '' && registNo.length <= 20 && phone !== ''
      ? await repository.all(registInfoEntity, { tenantId }, [{ field: 'registNo', op: 'equal', value: registNo }], [], 1) : [];
    if (!row || normalPhone(String(row.phone ?? ''), String(row.areaCode ?? '')) !== normalPhone(phone, String(row.areaCode ?? ''))) throw badRequest(REGIST_MSG.notFound);
    const status = Number(row.examineStatus);
    const labels = await app.services.labels.labels('biz', tenantId, 'regist_status');
    return ok({
      id: row.id, registNo: row.registNo, examineStatus: status, examineStatusName: labels.get(String(status)) ?? String(status),
      examineOpinion: status === REGIST_STATUS.rejected ? row.examineOpinion : null, updateTime: row.updateTime,
    }, req.lang);
  });
}
