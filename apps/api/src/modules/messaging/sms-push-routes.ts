import { PUSH_STATUS, SMS_TARGET_MSG, TARGET_SOURCE, TARGET_STATUS, isId, smsPushEntity, smsPushTargetEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { SavedSegments } from '../../engine/segments/saved-segments.js';
import { addFromAlumniFilter, audienceSource, channelOutcome, resolveAudience, withSegmentConditions, type Recipient } from './audience.js';
import { failedTargets, resendSmsTargets, type FailedTarget } from './sms-push-resend.js';
import { recountSmsPush } from './sms-push-sender.js';
import { insertTargets, type NewTarget } from './sms-push-targets.js';

const TAG = `${smsPushTargetEntity.label.en} (${smsPushTargetEntity.label.zh})`;
const BASE = '/smsPushTarget/smsPushTarget';

/** The SMS push calls beyond the entities' own (DOMAIN 8.5): add from the alumni library, resend failures. */
export function registerSmsPushRoutes(app: FastifyInstance): void {
  const { operations, repository, access, database, jobs, params } = app.services;
  const db = database.db;

  /** The push in the caller's data scope (404 otherwise). */
  async function pushFor(caller: Caller, id: unknown) {
    if (typeof id !== 'string' || !isId(id)) throw notFound();
    const scope = await operations.rowScope(smsPushEntity, caller, undefined, 'write');
    const row = await repository.findById(smsPushEntity, scope, id);
    if (!row) throw notFound();
    return row;
  }

  app.post(`${BASE}/addFromAlumni`, {
    schema: {
      tags: [TAG], summary: 'Add the alumni chosen by ids or a filter (AND, within the data scope) with a mainland mobile and SMS consent',
      body: { type: 'object', properties: { smsPushId: { type: 'string' }, alumniIds: { type: 'string' }, filter: { type: ['object', 'string', 'null'] }, segmentId: { type: 'string', description: 'a saved segment of the alumni library' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'smspushtarget_alumni');
    const body = (req.body ?? {}) as { smsPushId?: unknown; alumniIds?: unknown; filter?: unknown; segmentId?: unknown };
    const asked = addFromAlumniFilter(body);
    const pushRow = await pushFor(caller, body.smsPushId);
    const filter = await withSegmentConditions(asked, new SavedSegments(db, operations), caller);
    if (Number(pushRow.pushStatus) !== PUSH_STATUS.draft) throw badRequest(SMS_TARGET_MSG.pushLocked);
    const source = await audienceSource(operations, repository, caller);
    const counts = { added: 0, skippedNoPhone: 0, skippedNoConsent: 0, skippedFrozenOrDeceased: 0, skippedDuplicate: 0 };
    const chosen: NewTarget[] = [];
    for await (const batch of resolveAudience(source, filter)) {
      for (const r of batch as Recipient[]) {
        const outcome = channelOutcome(r, '2');
        if ('address' in outcome) chosen.push({ alumniId: r.id, name: r.name, phone: outcome.address, params: { name: r.name } });
        else if (outcome.skip === 'frozenOrDeceased') counts.skippedFrozenOrDeceased += 1;
        else if (outcome.skip === 'noConsent') counts.skippedNoConsent += 1;
        else counts.skippedNoPhone += 1;
      }
    }
    const owner = {
      pushId: String(pushRow.id), tenantId: caller.tenantId, orgDeptId: (pushRow.orgDeptId as string | null) ?? null, userId: caller.userId, deptId: caller.deptId,
    };
    const result = await db.transaction().execute(async (tx) => {
      const fresh = await tx.selectFrom(smsPushEntity.table).select('push_status').where('id', '=', owner.pushId).executeTakeFirst();
      if (Number(fresh?.push_status) !== PUSH_STATUS.draft) throw badRequest(SMS_TARGET_MSG.pushLocked);
      const inserted = await insertTargets(tx, repository.sealing, owner, TARGET_SOURCE.library, chosen);
      await recountSmsPush(tx, owner.pushId);
      return inserted;
    });
    counts.added = result.added;
    counts.skippedDuplicate = result.duplicate;
    return ok(counts, req.lang);
  });

  app.get(`${BASE}/pushFail/:id`, {
    schema: {
      tags: [TAG], summary: 'Resend a failed recipient, or with scope=push every failed recipient of the push {id}',
      params: { type: 'object', properties: { id: { type: 'string' } } },
      querystring: { type: 'object', properties: { scope: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'smspushtarget_resend');
    const { id } = req.params as { id: string };
    const wholePush = (req.query as { scope?: string }).scope === 'push';
    const maxRetry = await params.number(caller.tenantId, 'sms.push.maxRetry', 3);
    let pushRow;
    let failed: FailedTarget[];
    if (wholePush) {
      pushRow = await pushFor(caller, id);
      failed = await failedTargets(db, String(pushRow.id));
    } else {
      if (!isId(id)) throw notFound();
      const scope = await operations.rowScope(smsPushTargetEntity, caller, undefined, 'write');
      const target = await repository.findById(smsPushTargetEntity, scope, id);
      if (!target) throw notFound();
      if (Number(target.pushStatus) !== TARGET_STATUS.failed) throw badRequest(SMS_TARGET_MSG.notFailed);
      if (Number(target.retryCount ?? 0) >= maxRetry) throw badRequest(SMS_TARGET_MSG.maxRetry);
      pushRow = await pushFor(caller, String(target.smsPushId));
      failed = [{ id, retry: Number(target.retryCount ?? 0) }];
    }
    if (Number(pushRow.pushStatus) === PUSH_STATUS.cancelled) throw badRequest(SMS_TARGET_MSG.pushCancelled);
    return ok(await resendSmsTargets({ db, jobs }, caller, { id: String(pushRow.id), noticePushId: pushRow.noticePushId }, failed, maxRetry), req.lang);
  });
}
