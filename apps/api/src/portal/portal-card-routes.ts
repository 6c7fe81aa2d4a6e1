import {
  CARD_MSG, CARD_REASON_MAX, CARD_STATE, CARD_STEPS, CARD_CODE_STEP_SECONDS, EXAMINE_STATUS, alumniCardEntity, basicInfoEntity, t,
  type Lang,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { badRequest, notFound } from '../core/errors.js';
import { now } from '../core/time.js';
import type { JsonRecord } from '../db/row-mapping.js';
import { ExamineLog } from '../engine/examination/examine-log.js';
import { requireAlumnus, type Alumnus } from './portal-auth.js';
import { cardCodeDigits, cardCodeKey, cardCodeStep, cardCodeText, cardCodeValid, parseCardCode } from './portal-card-code.js';
import { PORTAL_BASE, PORTAL_ROUTE, portalCaller } from './portal-content-support.js';
import { portalSettingsOf } from './portal-settings.js';

const tags = ['Alumni portal (校友门户)'];
const staffTags = ['电子校友卡 Alumni card'];
const BASE = alumniCardEntity.api?.base as string;

/** The parameter holding the benefits shown on a card's back: one a line (a semicolon also parts them). */
export const CARD_BENEFITS_PARAM = 'portal.cardBenefits';

const STATE_NAMES: Record<number, string> = { 0: 'none', 1: 'active', 2: 'suspended', 3: 'revoked' };
const STATE_LABELS: Record<string, { zh: string; en: string }> = {
  pending: t('审核中', 'Being examined'), rejected: t('未通过', 'Not approved'), active: t('有效', 'Active'),
  suspended: t('已停用', 'Suspended'), revoked: t('已注销', 'Revoked'), expired: t('已过期', 'Expired'), none: t('未申请', 'Not applied for'),
};

const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;

/** An ID number as compared: no spaces, the check letter in capitals. */
const idKey = (value: unknown) => String(value ?? '').replace(/\s+/g, '').toUpperCase();
/** A name as compared: no spaces (of either width) around or inside. */
const nameKey = (value: unknown) => String(value ?? '').replace(/[\s\u3000]+/g, '');

/** What a row's life reads as: the examination while not approved, else the card's own state (expired past its last day). */
export function cardStatus(row: JsonRecord, today: string): string {
  const exam = Number(row.examineStatus);
  if (exam === EXAMINE_STATUS.pending) return 'pending';
  if (exam === EXAMINE_STATUS.rejected) return 'rejected';
  const state = STATE_NAMES[Number(row.cardState)] ?? 'none';
  if (state === 'active' && row.validUntil && String(row.validUntil).slice(0, 10) < today) return 'expired';
  return state;
}

/**
 * The electronic alumni card (decision 271). In the portal: the alumnus's card or application, the
 * application with its real-name check (name + ID number against the alumni record) and the code
 * the card shows, new every minute. For staff: verification of a scanned or typed code (decision
 * 272) and the suspension, reinstatement or revocation of a card.
 */
export function registerPortalCardRoutes(app: FastifyInstance): void {
  const { database, repository, operations, params, access, labels } = app.services;
  const db = database.db;
  const key = cardCodeKey(app.services.config.tokenSecret);
  const log = new ExamineLog();

  const latestOf = async (tenantId: string, alumnusId: string) => {
    const rows = await repository.all(alumniCardEntity, { tenantId }, [{ field: 'alumniId', op: 'equal', value: alumnusId }],
      [{ field: 'applyTime', desc: true }, { field: 'id', desc: true }], 1);
    return rows[0] ?? null;
  };

  const benefitsOf = async (tenantId: string): Promise<string[]> =>
    ((await params.get(tenantId, CARD_BENEFITS_PARAM)) ?? '').split(/\r?\n|[;；]/).map((s) => s.trim()).filter((s) => s !== '');

  /** The alumnus's class as a card shows it: department, speciality and enrolment year. */
  async function holderOf(tenantId: string, alumnusId: string) {
    const record = await repository.findById(basicInfoEntity, { tenantId }, alumnusId);
    if (!record) return null;
    const nameOf = async (table: string, column: string, id: unknown) => {
      if (id === null || id === undefined || id === '') return null;
      const row = await db.selectFrom(table).select(column).where('id', '=', String(id)).where('tenant_id', '=', tenantId).executeTakeFirst();
      return row ? String((row as Record<string, unknown>)[column] ?? '') || null : null;
    };
    return {
      record,
      name: String(record.name ?? ''),
      photo: record.avatar ? String(record.avatar) : null,
      department: await nameOf('alumni_department', 'department_name', record.departmentId),
      speciality: await nameOf('alumni_speciality', 'speciality_name', record.specialityId),
      year: record.firstEnrollmentYear === null || record.firstEnrollmentYear === undefined ? null : Number(record.firstEnrollmentYear),
    };
  }

  async function cardView(row: JsonRecord, tenantId: string, lang: Lang) {
    const holder = await holderOf(tenantId, String(row.alumniId));
    const status = cardStatus(row, now().slice(0, 10));
    return {
      id: String(row.id), cardNo: row.cardNo ?? null, validFrom: row.validFrom ?? null, validUntil: row.validUntil ?? null,
      status, statusLabel: STATE_LABELS[status]?.[lang] ?? status,
      name: holder?.name ?? '', photo: holder?.photo ?? null, department: holder?.department ?? null, speciality: holder?.speciality ?? null,
      year: holder?.year ?? null,
    };
  }

  app.get(`${PORTAL_BASE}/card`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'My alumni card or my latest application: status (none, pending, rejected, active, suspended, revoked, expired), the card, the school and the benefits' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const row = await latestOf(who.tenantId, who.alumnusId);
    const settings = await portalSettingsOf(params, who.tenantId);
    const school = { name: settings.schoolName, logoUrl: settings.logoUrl };
    if (!row) return ok({ status: 'none', statusLabel: STATE_LABELS.none?.[req.lang], school, benefits: await benefitsOf(who.tenantId), card: null }, req.lang);
    const card = await cardView(row, who.tenantId, req.lang);
    return ok({
      status: card.status, statusLabel: card.statusLabel, applyTime: row.applyTime ?? null, opinion: row.examineOpinion ?? null,
      school, benefits: await benefitsOf(who.tenantId), card: Number(row.examineStatus) === EXAMINE_STATUS.approved ? card : null,
    }, req.lang);
  });

  app.post(`${PORTAL_BASE}/card/apply`, {
    config: PORTAL_ROUTE,
    schema: {
      tags, summary: 'Applies for the alumni card: name and ID number must match my alumni record; the staff examine the application',
      body: { type: 'object', properties: { name: { type: 'string' }, idCardNo: { type: 'string' } } },
    },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const body = bodyOf(req);
    const name = nameKey(body.name);
    const idNo = idKey(body.idCardNo);
    if (name === '') throw badRequest(CARD_MSG.nameRequired);
    if (idNo === '') throw badRequest(CARD_MSG.idRequired);
    const record = await repository.findById(basicInfoEntity, { tenantId: who.tenantId }, who.alumnusId);
    if (!record) throw notFound();
    if (idKey(record.idCardNo) === '') throw badRequest(CARD_MSG.noId, undefined, { register: true });
    if (nameKey(record.name) !== name || idKey(record.idCardNo) !== idNo) throw badRequest(CARD_MSG.noMatch, undefined, { register: true });
    const caller = portalCaller(who, req);
    const plan = operations.systemPlan(alumniCardEntity, { caller, lang: who.lang, codes: new Set(), reads: new Map() });
    const sent = { alumniId: who.alumnusId };
    const saved = await db.transaction().execute(async (tx) => {
      const row = await operations.writeRow(plan, tx, { id: null, values: { alumniId: who.alumnusId } }, sent);
      // The application's first line in its examination log, as every application hands itself in.
      await log.append(tx, {
        tenantId: who.tenantId, bizType: 'alumnicard', bizId: String(row.id), action: 'submit', fromStatus: null,
        toStatus: EXAMINE_STATUS.pending, opinion: null, examineUser: '0', examineUserName: who.name, examineTime: String(row.applyTime ?? now()),
      });
      return row;
    });
    return ok({ id: String(saved.id), status: 'pending', statusLabel: STATE_LABELS.pending?.[req.lang] }, req.lang);
  });

  app.get(`${PORTAL_BASE}/card/code`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'The code my active card shows now (card number and six digits, new every minute) and the seconds it stays current' },
  }, async (req, reply) => {
    const who = await requireAlumnus(req);
    const row = await latestOf(who.tenantId, who.alumnusId);
    if (!row || cardStatus(row, now().slice(0, 10)) !== 'active') throw badRequest(CARD_MSG.noCard);
    const ms = Date.now();
    const step = cardCodeStep(ms);
    reply.header('cache-control', 'no-store');
    return ok({
      code: cardCodeText(String(row.cardNo), cardCodeDigits(key, who.tenantId, String(row.id), step)),
      expiresInSeconds: Math.max(1, Math.ceil(((step + 1) * CARD_CODE_STEP_SECONDS * 1000 - ms) / 1000)),
    }, req.lang);
  });

  app.post(`${BASE}/verify`, {
    schema: {
      tags: staffTags, summary: 'Verifies a card code scanned or typed at the desk (card number-six digits; the current minute or one either side); answers the card and whether it is valid',
      body: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'alumnicardverify');
    const parsed = parseCardCode(bodyOf(req).code);
    if (!parsed) throw badRequest(CARD_MSG.badCode);
    const row = (await repository.all(alumniCardEntity, { tenantId: caller.tenantId }, [
      { field: 'cardNo', op: 'equal', value: parsed.cardNo }, { field: 'examineStatus', op: 'equal', value: EXAMINE_STATUS.approved },
    ], [{ field: 'id', desc: true }], 1))[0];
    if (!row) throw badRequest(CARD_MSG.unknownCard);
    if (!cardCodeValid(key, caller.tenantId, String(row.id), parsed.digits, Date.now())) throw badRequest(CARD_MSG.expiredCode);
    const card = await cardView(row, caller.tenantId, req.lang);
    const refusal = card.status === 'suspended' ? CARD_MSG.suspended : card.status === 'revoked' ? CARD_MSG.revoked
      : card.status === 'expired' ? CARD_MSG.outOfDate : null;
    return ok({ valid: refusal === null, msg: (refusal ?? CARD_MSG.valid)[req.lang], card }, req.lang);
  });

  app.post(`${BASE}/state`, {
    schema: {
      tags: staffTags, summary: 'Suspends (2), reinstates (1) or revokes (3, final) an approved card, with the reason; the change is kept in the card\'s history',
      body: {
        type: 'object', required: ['id', 'cardState'],
        properties: { id: { type: 'string' }, cardState: { type: 'integer' }, reason: { type: 'string', description: 'Why: required to suspend or revoke, optional to reinstate' } },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'alumnicard_state');
    const body = bodyOf(req);
    const id = String(body.id ?? '');
    const to = Number(body.cardState);
    if (![CARD_STATE.active, CARD_STATE.suspended, CARD_STATE.revoked].includes(to as 1 | 2 | 3)) throw badRequest(CARD_MSG.badState);
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (reason === '' && to !== CARD_STATE.active) throw badRequest(CARD_MSG.reasonRequired);
    if ([...reason].length > CARD_REASON_MAX) throw badRequest(CARD_MSG.reasonTooLong, { max: CARD_REASON_MAX });
    const scope = { tenantId: caller.tenantId };
    await db.transaction().execute(async (tx) => {
      const row = /^\d{1,19}$/.test(id) ? await repository.findById(alumniCardEntity, scope, id, tx) : null;
      if (!row) throw notFound();
      if (Number(row.examineStatus) !== EXAMINE_STATUS.approved) throw badRequest(CARD_MSG.notApproved);
      const from = Number(row.cardState);
      if (!(CARD_STEPS[from] ?? []).includes(to)) {
        const label = async (k: number) => labels.label('biz', caller.tenantId, 'alumni_card_state', String(k), req.lang);
        throw badRequest(CARD_MSG.badStep, { from: await label(from), to: await label(to) });
      }
      // Written with its audit row (decision 275): who, when, the state before and after, and the reason.
      await operations.updateAudited(caller, alumniCardEntity, scope, row, {
        cardState: to, stateReason: reason === '' ? null : reason, updateUser: caller.userId, updateTime: now(),
      }, tx);
    });
    return ok(true, req.lang);
  });
}

