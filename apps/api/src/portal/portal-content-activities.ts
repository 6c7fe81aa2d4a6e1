import {
  APPLY_STATUS, SURVEY_STATUS, TARGET_STATUS, actApplistEntity, activityEntity, basicInfoEntity, noticePushEntity, noticePushRecordEntity,
  parseSubmit, questionnaireSurveyEntity, smsPushEntity, smsPushTargetEntity, surveyAnswerEntity, t,
} from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { ok } from '../core/envelope.js';
import { badRequest, invalidFields, notFound } from '../core/errors.js';
import { now } from '../core/time.js';
import { answerPath } from '../modules/survey/survey-invitation.js';
import { requireAlumnus, type Alumnus } from './portal-auth.js';
import { PORTAL_BASE, PORTAL_ROUTE, idParam, pageOf, pageParams, portalCaller } from './portal-content-support.js';
import { activityFigures } from '../modules/activity/activity-rules.js';
import { lockActivity, waitlistPositions } from '../modules/activity/activity-seats.js';

const tags = ['Alumni portal (校友门户)'];
/** `shelf_status` of a published activity. */
const PUBLISHED = 1;
/** `apply_source` of an application made on the web (the portal). */
const WEB_SOURCE = '1';
const MAX_ROWS = 500;
const STATE_LABELS: Record<number, { zh: string; en: string }> = {
  0: t('待确认', 'Pending'), 1: t('已确认', 'Confirmed'), 2: t('已拒绝', 'Rejected'), 3: t('已取消', 'Cancelled'), 4: t('候补', 'Waitlisted'),
};

export const PORTAL_ACTIVITY_MSG = {
  notOpen: t('该活动不在报名时间内', 'The activity is not taking applications now'),
  notCancellable: t('该报名已不能取消（已取消、已拒绝或活动已开始）', 'This application can no longer be cancelled (cancelled, rejected or the activity has started)'),
  applied: t('您已报名该活动', 'You have already applied for this activity'),
  remarkLength: t('备注最多500个字', 'The remark holds at most 500 characters'),
} as const;

/** Whether an activity takes applications now: published, not cancelled, sign-up open and not ended. */
function takesApplications(a: Record<string, unknown>, stamp: string): boolean {
  return Number(a.enabled) === PUBLISHED && Number(a.isCancelled) !== 1 && Number(a.needSignup) === 1
    && (!a.signupStartTime || String(a.signupStartTime) <= stamp) && (!a.signupEndTime || String(a.signupEndTime) >= stamp) && String(a.endTime ?? '') > stamp;
}

/** The states an alumnus may cancel from (before the activity starts): pending, confirmed, waitlisted. */
const CANCELLABLE: readonly number[] = [APPLY_STATUS.pending, APPLY_STATUS.confirmed, APPLY_STATUS.waitlisted];

/** An application as the portal shows it: its state, its place on the waitlist, whether it may be cancelled. */
function applicationView(a: Record<string, unknown>, positions: Map<string, number>, stamp: string, activity: Record<string, unknown> | null, lang: 'zh' | 'en') {
  const state = Number(a.applyStatus);
  return {
    id: String(a.id), activityId: String(a.activityId), time: a.applyTime ?? null, state, stateLabel: STATE_LABELS[state]?.[lang] ?? '',
    checkInCode: state === APPLY_STATUS.confirmed ? (a.checkInCode ?? null) : null, waitlistPosition: positions.get(String(a.id)) ?? null,
    cancellable: CANCELLABLE.includes(state) && activity !== null && String(activity.startTime ?? '') > stamp,
  };
}

/** The surveys an invitation of which reached the alumnus (a delivered record or SMS target of a push naming it). */
async function invitedSurveys(app: FastifyInstance, who: Alumnus): Promise<string[]> {
  const db = app.services.database.db;
  const byRecord = db.selectFrom(noticePushRecordEntity.table).select('push_id')
    .where('tenant_id', '=', who.tenantId).where('alumni_id', '=', who.alumnusId).where('status', '=', TARGET_STATUS.delivered).where('is_deleted', '=', 0);
  const bySms = db.selectFrom(`${smsPushTargetEntity.table} as t`).innerJoin(`${smsPushEntity.table} as s`, 's.id', 't.sms_push_id')
    .select('s.notice_push_id as push_id').where('t.tenant_id', '=', who.tenantId).where('t.alumni_id', '=', who.alumnusId)
    .where('t.push_status', '=', TARGET_STATUS.delivered).where('t.is_deleted', '=', 0).where('s.notice_push_id', 'is not', null);
  const pushes = await db.selectFrom(noticePushEntity.table).select('survey_id').distinct()
    .where('tenant_id', '=', who.tenantId).where('is_deleted', '=', 0).where('survey_id', 'is not', null)
    .where('id', 'in', byRecord.union(bySms)).execute();
  return pushes.map((p) => String(p.survey_id));
}

/** The portal's surveys, activities and applications (issue 28). */
export function registerPortalActivityRoutes(app: FastifyInstance): void {
  const { database, repository, operations, surveyLinks } = app.services;
  const db = database.db;

  app.get(`${PORTAL_BASE}/surveys`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'The surveys sent to me (or answered by me): id, title, answered, open, answerUrl (the public answer page, signed for me)' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const scope = { tenantId: who.tenantId };
    const answers = await repository.all(surveyAnswerEntity, scope, [{ field: 'alumniId', op: 'equal', value: who.alumnusId }], [], MAX_ROWS);
    const answered = new Set(answers.map((a) => String(a.surveyId)));
    const ids = [...new Set([...(await invitedSurveys(app, who)), ...answered])];
    const surveys = await repository.findByIds(questionnaireSurveyEntity, scope, ids);
    const rows = surveys.map((s) => {
      const id = String(s.id);
      const open = Number(s.surveyStatus) === SURVEY_STATUS.collecting;
      return {
        id, title: String(s.title ?? ''), answered: answered.has(id), open, endTime: s.endTime ?? null,
        answerUrl: open && !answered.has(id) ? answerPath(who.tenantId, id, surveyLinks.sign(who.tenantId, id, { kind: 'alumnus', alumniId: who.alumnusId })) : null,
      };
    }).sort((a, b) => Number(a.answered) - Number(b.answered) || String(b.endTime ?? '').localeCompare(String(a.endTime ?? '')));
    return ok(rows, req.lang);
  });

  async function myApplications(who: Alumnus) {
    return repository.all(actApplistEntity, { tenantId: who.tenantId }, [{ field: 'alumniId', op: 'equal', value: who.alumnusId }], [{ field: 'applyTime', desc: true }], MAX_ROWS);
  }

  app.get(`${PORTAL_BASE}/activities`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'Published activities that have not ended, soonest first: id, title, start, end, place, open (takes applications now), applied', querystring: { type: 'object', properties: { current: { type: 'integer' }, size: { type: 'integer' } } } },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const stamp = now();
    const rows = await repository.all(activityEntity, { tenantId: who.tenantId }, [
      { field: 'enabled', op: 'equal', value: PUBLISHED }, { field: 'isCancelled', op: 'equal', value: 0 }, { field: 'endTime', op: 'gt', value: stamp },
    ], [{ field: 'startTime', desc: false }], MAX_ROWS);
    const live = (await myApplications(who)).filter((a) => Number(a.applyStatus) !== APPLY_STATUS.cancelled && Number(a.applyStatus) !== APPLY_STATUS.rejected);
    const mine = new Map(live.map((a) => [String(a.activityId), a]));
    const figures = await activityFigures(db, who.tenantId, rows.map((a) => String(a.id)));
    const positions = await waitlistPositions(db, who.tenantId, live.filter((a) => Number(a.applyStatus) === APPLY_STATUS.waitlisted).map((a) => String(a.activityId)));
    const view = rows.map((a) => {
      const id = String(a.id);
      const capacity = Number(a.capacity ?? 0);
      const f = figures.get(id);
      const application = mine.get(id);
      return {
        id, title: String(a.title ?? ''), start: a.startTime ?? null, end: a.endTime ?? null,
        place: Number(a.isOnline) === 1 ? (a.onlineUrl ?? null) : (a.location ?? null), online: Number(a.isOnline) === 1,
        signupEnd: a.signupEndTime ?? null, fee: a.fee ?? null, open: takesApplications(a, stamp), applied: application !== undefined,
        // Seats: null capacity and seats left when unlimited.
        capacity: capacity > 0 ? capacity : null, seatsLeft: capacity > 0 ? Math.max(0, capacity - (f?.seatsTaken ?? 0)) : null,
        waitlistCount: f?.waitlistCount ?? 0,
        application: application ? applicationView(application, positions, stamp, a, req.lang) : null,
      };
    });
    return ok(pageOf(view, pageParams(req.query)), req.lang);
  });

  app.post(`${PORTAL_BASE}/activities/:id/apply`, {
    config: PORTAL_ROUTE,
    schema: {
      tags, summary: 'Applies for an activity as myself (my record fills the form); it is examined as any application',
      params: { type: 'object', properties: { id: { type: 'string' } } }, body: { type: 'object', properties: { remark: { type: 'string' } } },
    },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const activityId = idParam(req.params);
    const body = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;
    const remark = body.remark === undefined || body.remark === null ? null : String(body.remark).trim();
    if (remark !== null && [...remark].length > 500) throw badRequest(PORTAL_ACTIVITY_MSG.remarkLength);
    const scope = { tenantId: who.tenantId };
    const activity = await repository.findById(activityEntity, scope, activityId);
    if (!activity || Number(activity.enabled) !== PUBLISHED) throw notFound();
    if (!takesApplications(activity, now())) throw badRequest(PORTAL_ACTIVITY_MSG.notOpen);
    if ((await myApplications(who)).some((a) => String(a.activityId) === activityId && Number(a.applyStatus) !== APPLY_STATUS.cancelled)) {
      throw badRequest(PORTAL_ACTIVITY_MSG.applied);
    }
    const me = await repository.findById(basicInfoEntity, scope, who.alumnusId);
    if (!me) throw notFound();
    const sent: Record<string, unknown> = {
      activityId, alumniId: who.alumnusId, name: me.name, gender: me.gender ?? null, areaCode: me.areaCode ?? '+86', phone: me.phone ?? null,
      email: me.email ?? null, idType: me.idType ?? null, idCardNo: me.idCardNo ?? null, departmentId: me.departmentId ?? null,
      enrollmentYear: me.firstEnrollmentYear ?? null, company: me.company ?? null, position: me.position ?? null, companions: 0, remark,
    };
    const parsed = parseSubmit(actApplistEntity, sent, req.lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    parsed.values.applySource = WEB_SOURCE;
    const caller = portalCaller(who, req);
    const plan = operations.systemPlan(actApplistEntity, { caller, lang: req.lang, codes: new Set(), reads: new Map() });
    const saved = await db.transaction().execute(async (tx) => {
      // Under the activity's lock, so that two requests of one alumnus cannot both apply.
      await lockActivity(tx, who.tenantId, activityId);
      const again = await tx.selectFrom(actApplistEntity.table).select('id').where('tenant_id', '=', who.tenantId).where('activity_id', '=', activityId)
        .where('alumni_id', '=', who.alumnusId).where('is_deleted', '=', 0)
        .where('apply_status', 'in', [APPLY_STATUS.pending, APPLY_STATUS.confirmed, APPLY_STATUS.waitlisted]).limit(1).executeTakeFirst();
      if (again) throw badRequest(PORTAL_ACTIVITY_MSG.applied);
      return operations.writeRow(plan, tx, { id: null, values: parsed.values }, sent);
    });
    const state = Number(saved.applyStatus);
    const position = state === APPLY_STATUS.waitlisted ? (await waitlistPositions(db, who.tenantId, [activityId])).get(String(saved.id)) ?? null : null;
    return ok({ id: String(saved.id), state, stateLabel: STATE_LABELS[state]?.[req.lang] ?? '', waitlistPosition: position }, req.lang);
  });

  app.post(`${PORTAL_BASE}/applications/:id/cancel`, {
    config: PORTAL_ROUTE,
    schema: {
      tags, summary: 'Cancels my application (pending, confirmed or waitlisted, before the activity starts); a seat it held goes to the next in line',
      params: { type: 'object', properties: { id: { type: 'string' } } },
    },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const id = idParam(req.params);
    const scope = { tenantId: who.tenantId };
    const application = (await myApplications(who)).find((a) => String(a.id) === id);
    if (!application) throw notFound();
    const activity = await repository.findById(activityEntity, scope, String(application.activityId));
    if (!activity) throw notFound();
    if (!CANCELLABLE.includes(Number(application.applyStatus)) || String(activity.startTime ?? '') <= now()) throw badRequest(PORTAL_ACTIVITY_MSG.notCancellable);
    const caller = portalCaller(who, req);
    // The alumnus may change their own application's state, to cancelled only.
    const plan = operations.systemPlan(actApplistEntity, { caller, lang: req.lang, codes: new Set(['actapplist', 'actapplist_confirm']), reads: new Map() });
    const sent = { id, applyStatus: APPLY_STATUS.cancelled };
    const saved = await db.transaction().execute((tx) => operations.writeRow(plan, tx, { id, values: {} }, sent));
    return ok({ id, state: Number(saved.applyStatus), stateLabel: STATE_LABELS[Number(saved.applyStatus)]?.[req.lang] ?? '' }, req.lang);
  });

  app.get(`${PORTAL_BASE}/applications`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'My applications, newest first: id, activityTitle, time, state, stateLabel' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const mine = await myApplications(who);
    const activities = new Map((await repository.findByIds(activityEntity, { tenantId: who.tenantId }, [...new Set(mine.map((a) => String(a.activityId)))]))
      .map((a) => [String(a.id), a]));
    const positions = await waitlistPositions(db, who.tenantId, mine.filter((a) => Number(a.applyStatus) === APPLY_STATUS.waitlisted).map((a) => String(a.activityId)));
    const stamp = now();
    return ok(mine.map((a) => ({
      activityTitle: String(activities.get(String(a.activityId))?.title ?? ''),
      ...applicationView(a, positions, stamp, activities.get(String(a.activityId)) ?? null, req.lang),
    })), req.lang);
  });
}
