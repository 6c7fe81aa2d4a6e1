import {
  ACTIVITY_MSG, APPLY_MSG, APPLY_STATUS, actApplistEntity, activityCostEntity, activityEntity, basicInfoEntity, departmentEntity,
  maskSensitive, parseIds, t,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { requireIds } from '../../engine/entity-operations.js';
import { originOf } from '../../logs/request-origin.js';
import { phaseOf, prizesOf, seatsTaken } from './activity-rules.js';
import { countCostAmount } from './cost-amount.js';
import { countEventSeats } from './count-seats.js';
import { awardPrizes, canonicalPool, drawOrder, newDrawSeed } from './draw.js';

const callerOf = (req: FastifyRequest) => requireCaller(req.caller);
const tagOf = (e: { label: { en: string; zh: string } }) => `${e.label.en} (${e.label.zh})`;
const BAD_ID = t('id 应为记录编号', 'id must be a record id');

/** One id from a query or path value, or a 400. */
function oneId(value: unknown): string {
  const list = requireIds(parseIds(value));
  if (list.length !== 1) throw badRequest(BAD_ID);
  return list[0] as string;
}

/** 0 or 1 from a query value (absent: the default), else a 400 with `message`. */
function zeroOne(value: unknown, fallback: number | null, message: { zh: string; en: string }): number {
  if ((value === undefined || value === '') && fallback !== null) return fallback;
  if (value === '0' || value === 0) return 0;
  if (value === '1' || value === 1) return 1;
  throw badRequest(message);
}

/** Calls of the activity modules beyond the entity engine's (DOMAIN 6.1–6.3). */
export function registerActivityRoutes(app: FastifyInstance): void {
  const { operations: ops, repository, access, database, labels } = app.services;
  const db = database.db;

  /** An activity inside the caller's data scope for writing, or 404. */
  async function activityForWrite(caller: Caller, id: string, tx = db): Promise<{ row: JsonRecord; scope: Awaited<ReturnType<typeof ops.rowScope>> }> {
    const scope = await ops.rowScope(activityEntity, caller, tx);
    const row = await repository.findById(activityEntity, scope, id, tx);
    if (!row) throw notFound();
    return { row, scope };
  }

  app.get('/blade-activity/activity/page', {
    schema: {
      tags: [tagOf(activityEntity)],
      summary: 'Activities with their counts (applications, confirmed, waitlisted, checked in, seats taken, cost total) and phase; filter `phase` or `phase_equal`',
    },
  }, async (req) => ok(await ops.listFromQuery(activityEntity, callerOf(req), req.query as Record<string, unknown>), req.lang));

  app.get('/blade-activity/activity/countSeats', {
    schema: {
      tags: [tagOf(activityEntity)],
      summary: 'Seats, waitlist and check-in of the activities with sign-up not yet ended and those ended in the last 30 days (issue 31); within the caller\'s data scope',
    },
  }, async (req) => ok(await countEventSeats(ops, repository, db, callerOf(req)), req.lang));

  app.get('/blade-activity/activity/select', {
    schema: {
      tags: [tagOf(activityEntity)],
      summary: 'Activities for pickers, newest first (at most 500): id, title, start, phase; within the caller\'s data scope (added)',
      querystring: { type: 'object', properties: { title: { type: 'string', description: 'contains' } } },
    },
  }, async (req) => {
    const caller = callerOf(req);
    // The forms that name an activity are its declared grant (access/route-grant.ts).
    const scope = await ops.rowScope(activityEntity, caller, undefined, 'read');
    const title = (req.query as Record<string, unknown>).title;
    const rows = await repository.all(activityEntity, scope, typeof title === 'string' && title.trim() !== '' ? [{ field: 'title', op: 'like', value: title.trim() }] : [],
      [{ field: 'startTime', desc: true }], 500);
    const stamp = now();
    return ok(rows.map((r) => ({ id: r.id, title: r.title, startTime: r.startTime, phase: phaseOf(r, stamp), hasLottery: r.hasLottery, capacity: r.capacity })), req.lang);
  });

  app.put('/blade-activity/activity/enabled', {
    schema: {
      tags: [tagOf(activityEntity)], summary: 'Publishes (enabled=1) or unpublishes (enabled=0) an activity',
      querystring: { type: 'object', properties: { id: { type: 'string' }, enabled: { type: 'string', enum: ['0', '1'] } }, required: ['id', 'enabled'] },
    },
  }, async (req) => {
    const caller = callerOf(req);
    const query = req.query as Record<string, unknown>;
    await access.require(caller, 'activity_enable');
    const id = oneId(query.id);
    const enabled = zeroOne(query.enabled, null, ACTIVITY_MSG.badEnabled);
    await db.transaction().execute(async (tx) => {
      const { row, scope } = await activityForWrite(caller, id, tx);
      if (enabled === 1) {
        if (Number(row.isCancelled) === 1) throw badRequest(ACTIVITY_MSG.publishCancelled);
        if (now() > String(row.endTime)) throw badRequest(ACTIVITY_MSG.publishEnded);
        if (!row.content || !row.startTime || !row.endTime) throw badRequest(ACTIVITY_MSG.publishIncomplete);
      }
      await repository.update(activityEntity, scope, id, { enabled, updateUser: caller.userId, updateTime: now() }, tx);
    });
    return ok(true, req.lang);
  });

  app.put('/blade-activity/activity/createWinnersList', {
    schema: {
      tags: [tagOf(activityEntity)],
      summary: 'Draws the winners of an activity: a seeded, repeatable shuffle of the pool (DOMAIN 6.1); redraw=1 clears the previous winners first',
      querystring: { type: 'object', properties: { id: { type: 'string' }, redraw: { type: 'string', enum: ['0', '1'] } }, required: ['id'] },
    },
  }, async (req) => {
    const caller = callerOf(req);
    const query = req.query as Record<string, unknown>;
    await access.require(caller, 'activity_winners');
    const id = oneId(query.id);
    const redraw = zeroOne(query.redraw, 0, ACTIVITY_MSG.badRedraw);
    const seesPhones = await ops.seesSensitive(actApplistEntity, caller);
    const result = await db.transaction().execute(async (tx) => {
      const { row, scope } = await activityForWrite(caller, id, tx);
      const stamp = now();
      if (Number(row.hasLottery) !== 1 || prizesOf(row).length === 0) throw badRequest(ACTIVITY_MSG.noDraw);
      if (Number(row.isCancelled) === 1) throw badRequest(ACTIVITY_MSG.drawCancelled);
      if (stamp < String(row.startTime)) throw badRequest(ACTIVITY_MSG.drawBeforeStart);
      if (Number(row.winnersCreated) === 1 && redraw !== 1) throw badRequest(ACTIVITY_MSG.alreadyDrawn);
      let poolQuery = tx.selectFrom(actApplistEntity.table).select(['id', 'apply_no']).where('tenant_id', '=', caller.tenantId)
        .where('activity_id', '=', id).where('is_deleted', '=', 0).where('apply_status', '=', APPLY_STATUS.confirmed);
      if (Number(row.lotteryPool ?? 2) === 2) poolQuery = poolQuery.where('sign_in', '=', 1);
      const entrants = (await poolQuery.execute()).map((e) => ({ id: String(e.id), applyNo: e.apply_no === null ? null : String(e.apply_no) }));
      if (entrants.length === 0) throw badRequest(ACTIVITY_MSG.emptyPool);
      const previous = await tx.selectFrom(actApplistEntity.table).select(['id', 'apply_no', 'name', 'prize_name']).where('tenant_id', '=', caller.tenantId)
        .where('activity_id', '=', id).where('is_deleted', '=', 0).where('is_winner', '=', 1).execute();
      await tx.updateTable(actApplistEntity.table).set({ is_winner: 0, prize_level: null, prize_name: null, draw_rank: null })
        .where('tenant_id', '=', caller.tenantId).where('activity_id', '=', id).where('is_deleted', '=', 0).execute();
      const seed = newDrawSeed();
      const pool = canonicalPool(entrants);
      const order = drawOrder(seed, pool);
      const awards = awardPrizes(order, prizesOf(row));
      for (const a of awards) {
        await tx.updateTable(actApplistEntity.table).set({ is_winner: 1, prize_level: a.prizeLevel, prize_name: a.prizeName, draw_rank: a.rank, update_user: caller.userId, update_time: stamp })
          .where('id', '=', a.applicationId).execute();
      }
      await repository.update(activityEntity, scope, id, {
        winnersCreated: 1, winnersCreateTime: stamp, winnersCreateUser: caller.userId, drawSeed: seed,
        drawPool: JSON.stringify({ pool, order }), updateUser: caller.userId, updateTime: stamp,
      }, tx);
      return { stamp, pool, seed, awards, previous };
    });
    if (result.previous.length > 0) {
      app.services.logs.usual(originOf(req, false), {
        logId: 'activity_redraw',
        logData: `activity ${id} redraw; previous winners: ${result.previous.map((p) => `${String(p.apply_no)} ${String(p.name)} ${String(p.prize_name ?? '')}`).join('; ')}`,
      });
    }
    const apps = await repository.findByIds(actApplistEntity, { tenantId: caller.tenantId }, result.awards.map((a) => a.applicationId));
    const byId = new Map(apps.map((a) => [String(a.id), a]));
    // The winners' phones answered unmasked: one event of the personal-data access report (decision 302).
    if (seesPhones) await ops.recordAccess(actApplistEntity, caller, apps, { kind: 'list' }, ['phone']);
    return ok({
      drawTime: result.stamp, poolSize: result.pool.length, seed: result.seed,
      winners: result.awards.map((a) => {
        const app = byId.get(a.applicationId);
        const phone = app?.phone ? String(app.phone) : null;
        return {
          applicationId: a.applicationId, applyNo: app?.applyNo ?? null, name: app?.name ?? null,
          phone: phone && !seesPhones ? maskSensitive('phone', phone) : phone, prizeLevel: a.prizeLevel, prizeName: a.prizeName, drawRank: a.rank,
        };
      }),
    }, req.lang);
  });

  app.get('/blade-activity/activity/verifyDraw', {
    schema: {
      tags: [tagOf(activityEntity)],
      summary: 'Repeats the stored draw of an activity from its seed and pool: answers both orders and whether they agree with the winners (added)',
      querystring: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  }, async (req) => {
    const caller = callerOf(req);
    const row = await ops.detail(activityEntity, caller, oneId((req.query as Record<string, unknown>).id));
    if (Number(row.winnersCreated) !== 1 || !row.drawSeed || !row.drawPool) throw badRequest({ zh: '该活动尚未抽奖', en: 'The activity has not drawn its winners' });
    const stored = JSON.parse(String(row.drawPool)) as { pool: string[]; order: string[] };
    const repeated = drawOrder(String(row.drawSeed), stored.pool);
    const awards = awardPrizes(repeated, prizesOf(row));
    const winners = await db.selectFrom(actApplistEntity.table).select(['id', 'prize_level', 'draw_rank']).where('tenant_id', '=', caller.tenantId)
      .where('activity_id', '=', String(row.id)).where('is_deleted', '=', 0).where('is_winner', '=', 1).orderBy('draw_rank').execute();
    const winnersAgree = winners.length === awards.length
      && winners.every((w, i) => String(w.id) === awards[i]?.applicationId && String(w.prize_level) === awards[i]?.prizeLevel);
    return ok({
      seed: row.drawSeed, pool: stored.pool, storedOrder: stored.order, repeatedOrder: repeated,
      orderAgrees: JSON.stringify(repeated) === JSON.stringify(stored.order), winnersAgree,
      algorithm: 'canonical pool (applyNo, id); Fisher–Yates from the last position, j = uniform below i+1 from HMAC-SHA256(seed bytes, decimal counter) read 48 bits at a time, values ≥ 2^48 − 2^48 mod (i+1) rejected; prizes from level 1 down along the order',
    }, req.lang);
  });

  // Applications -----------------------------------------------------------------------------

  /** What the 确认信息 dialog and the check-in desk show of one application (DOMAIN 6.2). */
  async function confirmInfo(caller: Caller, application: JsonRecord, lang: 'zh' | 'en') {
    const tenantId = caller.tenantId;
    const activity = await repository.findById(activityEntity, { tenantId }, String(application.activityId));
    if (!activity) throw notFound();
    const stamp = now();
    const phase = phaseOf(activity, stamp);
    const taken = await seatsTaken(db, tenantId, String(activity.id));
    const capacity = Number(activity.capacity ?? 0);
    const status = Number(application.applyStatus);
    let alumni = null;
    if (application.alumniId) {
      const a = await repository.findById(basicInfoEntity, { tenantId }, String(application.alumniId));
      if (a) {
        const dept = a.departmentId ? await repository.findById(departmentEntity, { tenantId }, String(a.departmentId)) : null;
        alumni = {
          id: a.id, alumniCode: a.alumniCode, name: a.name, departmentName: dept?.departmentName ?? null,
          firstEnrollmentYear: a.firstEnrollmentYear, educationLevels: a.educationLevels,
        };
      }
    }
    const same = (await repository.all(actApplistEntity, { tenantId }, [
      { field: 'activityId', op: 'equal', value: String(activity.id) },
    ], [], 2000)).filter((r) => String(r.id) !== String(application.id) && String(r.phone) === String(application.phone));
    const seesPhones = await ops.seesSensitive(actApplistEntity, caller);
    const companions = Number(application.companions ?? 0);
    let reason: { zh: string; en: string } | null = null;
    if (Number(activity.isCancelled) === 1) reason = APPLY_MSG.activityCancelledReason;
    else if (stamp > String(activity.endTime)) reason = APPLY_MSG.ended_reason;
    else if (status === APPLY_STATUS.cancelled) reason = APPLY_MSG.cancelled_reason;
    else if (status !== APPLY_STATUS.pending && status !== APPLY_STATUS.waitlisted) reason = APPLY_MSG.handled_reason;
    else if (capacity > 0 && taken + 1 + companions > capacity) reason = APPLY_MSG.full_reason;
    const phone = application.phone ? String(application.phone) : null;
    if (seesPhones && phone) await ops.recordAccess(actApplistEntity, caller, [application], { kind: 'detail' }, ['phone']);
    return {
      application: {
        id: application.id, applyNo: application.applyNo, name: application.name,
        phone: phone && !seesPhones ? maskSensitive('phone', phone) : phone,
        companions, applyStatus: status, paymentStatus: Number(application.paymentStatus ?? 0), feeAmount: application.feeAmount,
        signIn: Number(application.signIn ?? 0), signInTime: application.signInTime ?? null,
        isWinner: Number(application.isWinner ?? 0), prizeName: application.prizeName ?? null,
      },
      activity: {
        id: activity.id, title: activity.title, startTime: activity.startTime, endTime: activity.endTime, location: activity.location,
        capacity, seatsTaken: taken, seatsLeft: capacity > 0 ? Math.max(0, capacity - taken) : null, fee: activity.fee,
        needConfirm: Number(activity.needConfirm), requireIdCard: Number(activity.requireIdCard), phase,
      },
      alumni,
      samePhoneApplications: same.map((r) => ({ id: r.id, applyNo: r.applyNo, applyStatus: Number(r.applyStatus) })),
      canConfirm: reason === null,
      reason: reason ? reason[lang] : null,
      checkInCode: status === APPLY_STATUS.confirmed ? application.checkInCode : null,
    };
  }

  app.get('/blade-actApplist/actApplist/getConfirmInfo/:id', {
    schema: { tags: [tagOf(actApplistEntity)], summary: 'What the confirm dialog shows of an application: the applicant, the activity and its seats, the alumnus, other applications of the same phone, whether it can be confirmed' },
  }, async (req) => {
    const caller = callerOf(req);
    const application = await ops.detail(actApplistEntity, caller, oneId((req.params as { id?: unknown }).id));
    return ok(await confirmInfo(caller, application, req.lang), req.lang);
  });

  app.get('/blade-actApplist/actApplist/checkIn', {
    schema: {
      tags: [tagOf(actApplistEntity)],
      summary: 'The check-in desk: finds an application of the activity by its 6-digit check-in code and answers its confirm info (added)',
      querystring: { type: 'object', properties: { activityId: { type: 'string' }, checkInCode: { type: 'string' } }, required: ['activityId', 'checkInCode'] },
    },
  }, async (req) => {
    const caller = callerOf(req);
    const query = req.query as Record<string, unknown>;
    const activityId = oneId(query.activityId);
    const code = String(query.checkInCode ?? '').trim();
    if (!/^\d{6}$/.test(code)) throw badRequest(APPLY_MSG.badCode);
    const scope = await ops.authoriseRead(actApplistEntity, caller);
    const [found] = await repository.all(actApplistEntity, scope, [
      { field: 'activityId', op: 'equal', value: activityId }, { field: 'checkInCode', op: 'equal', value: code },
    ], [], 1);
    if (!found) throw badRequest(APPLY_MSG.codeNotFound);
    const application = await ops.detail(actApplistEntity, caller, String(found.id));
    return ok(await confirmInfo(caller, application, req.lang), req.lang);
  });

  app.post('/blade-actApplist/actApplist/remove/:id', {
    schema: { tags: [tagOf(actApplistEntity)], summary: 'Removes one application (only rejected or cancelled ones, never while paid)' },
  }, async (req) => {
    await ops.remove(actApplistEntity, callerOf(req), [oneId((req.params as { id?: unknown }).id)], req.lang);
    return ok(true, req.lang);
  });

  // Costs ------------------------------------------------------------------------------------

  app.get('/activityCost/countAmount', {
    schema: { tags: [tagOf(activityCostEntity)], summary: 'Sums of activity costs (DOMAIN 11.5): totals, by category, by activity, by month; budget and balance with activityId_equal' },
  }, async (req) => ok(await countCostAmount(ops, repository, labels, callerOf(req), req.query as Record<string, unknown>), req.lang));

  app.delete('/activityCost/remove/:id', {
    schema: { tags: [tagOf(activityCostEntity)], summary: 'Removes one activity cost (not once reimbursed)' },
  }, async (req) => {
    await ops.remove(activityCostEntity, callerOf(req), [oneId((req.params as { id?: unknown }).id)], req.lang);
    return ok(true, req.lang);
  });
}
