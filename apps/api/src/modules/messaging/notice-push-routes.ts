import {
  CONSENT_SOURCE, MSG, NOTICE_PUSH_MSG, PUBLISH_STATUS, PUSH_CHANNEL, TARGET_STATUS, alumniNoticeEntity, basicInfoEntity, emailSettingEntity, isId, noticePushEntity, noticePushRecordEntity, parseIds,
} from '@alumni/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { appendConsentLog } from '../people/consent-log.js';
import { SavedSegments } from '../../engine/segments/saved-segments.js';
import { audienceFilter, audienceSource, channelList, estimateAudience, withSegmentConditions } from './audience.js';
import { SEND_CODE } from './notice-push-hooks.js';
import { previewPush } from './notice-push-preview.js';
import { markRecordRead } from './notice-push-tallies.js';
import { publicBase } from './notice-push-text.js';

const BASE = '/blade-noticePush/noticePush';
const tags = [`${noticePushEntity.label.en} (${noticePushEntity.label.zh})`];
/** A transparent 1×1 GIF: what the read pixel answers, whatever its token. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>`
  + `<body style="font-family:sans-serif;text-align:center;padding:48px 16px"><h2>${title}</h2><p>${body}</p></body></html>`;

/** The notice push's calls beyond its entity's own (DOMAIN 8.3): estimate, preview, records and their resend, and the links in e-mails. */
export function registerNoticePushRoutes(app: FastifyInstance): void {
  const { operations, repository, database, pushTokens, params, access, noticePushes, surveyInvitations, pushRecipientValues } = app.services;

  app.get(`${BASE}/survey-invitation`, {
    schema: {
      tags, summary: 'The values of a new push inviting to a survey that is collecting answers (发送邀请, added): its respondents and the enabled templates of scene 7',
      querystring: { type: 'object', required: ['surveyId'], properties: { surveyId: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'noticepush_add');
    const surveyId = String((req.query as Record<string, unknown>).surveyId ?? '');
    if (!isId(surveyId)) throw badRequest(NOTICE_PUSH_MSG.surveyNotCollecting);
    return ok(await surveyInvitations.draft(caller.tenantId, surveyId), req.lang);
  });

  app.get(`${BASE}/estimate`, {
    schema: {
      tags, summary: 'How many alumni a push would reach now, per channel, and how many it would skip and why (within the caller\'s data scope)',
      querystring: { type: 'object', properties: { targetScope: { type: 'string' }, targetValue: { type: 'string' }, channels: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await operations.authoriseRead(noticePushEntity, caller);
    const query = req.query as Record<string, unknown>;
    const channels = channelList(query.channels);
    const filter = await withSegmentConditions(audienceFilter(query.targetScope, query.targetValue), new SavedSegments(database.db, operations), caller);
    return ok(await estimateAudience(await audienceSource(operations, repository, caller), filter, channels), req.lang);
  });

  // The form's pickers, guarded by the push's own menu: staff who push need not hold the notice or e-mail menus.
  app.get(`${BASE}/notice-select`, {
    schema: { tags, summary: 'Published notices a push may carry, newest first (at most 500): id, title, publishTime (added)', querystring: { type: 'object', properties: { title: { type: 'string', description: 'contains' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await operations.authoriseRead(noticePushEntity, caller);
    const title = (req.query as Record<string, unknown>).title;
    const rows = await repository.all(alumniNoticeEntity, { tenantId: caller.tenantId }, [
      { field: 'publishStatus', op: 'equal', value: PUBLISH_STATUS.published },
      ...(typeof title === 'string' && title.trim() !== '' ? [{ field: 'title', op: 'like' as const, value: title.trim() }] : []),
    ], [{ field: 'publishTime', desc: true }], 500);
    return ok(rows.map((r) => ({ id: r.id, title: r.title, publishTime: r.publishTime })), req.lang);
  });

  app.get(`${BASE}/sender-select`, {
    schema: { tags, summary: 'The tenant\'s e-mail settings a push may send through, the default first: id, settingName, senderAddress, isDefault (added)' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await operations.authoriseRead(noticePushEntity, caller);
    const rows = await repository.all(emailSettingEntity, { tenantId: caller.tenantId }, [], [{ field: 'isDefault', desc: true }, { field: 'createTime', desc: false }], 200);
    return ok(rows.map((r) => ({ id: r.id, settingName: r.settingName, senderAddress: r.senderAddress, isDefault: r.isDefault })), req.lang);
  });

  app.post(`${BASE}/preview`, {
    schema: {
      tags, summary: 'What each channel of a push (the form\'s values, not saved) would send to a sample recipient: the texts filled as the sending fills them',
      body: {
        type: 'object',
        properties: {
          title: { type: 'string' }, noticeId: { type: ['string', 'null'] }, templateId: { type: ['string', 'null'] }, smsTemplateId: { type: ['string', 'null'] },
          channels: { type: ['string', 'array'] }, subject: { type: ['string', 'null'] }, content: { type: ['string', 'null'] },
          targetScope: { type: ['string', 'null'] }, targetValue: { type: ['string', 'object', 'null'] },
        },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await operations.authoriseRead(noticePushEntity, caller);
    return ok(await previewPush({ db: database.db, params, operations, repository, recipientValues: pushRecipientValues }, caller, (req.body ?? {}) as Record<string, unknown>), req.lang);
  });

  app.post(`${BASE}/record/resend`, {
    schema: {
      tags, summary: 'Resend the failed recipients of a sent push: its failed e-mail records (all, or the ids listed) and, without ids, the failed recipients of its SMS push',
      body: { type: 'object', required: ['pushId'], properties: { pushId: { type: 'string' }, ids: { type: ['string', 'array'] } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, SEND_CODE);
    const body = (req.body ?? {}) as { pushId?: unknown; ids?: unknown };
    const pushId = String(body.pushId ?? '');
    if (!isId(pushId)) throw badRequest(MSG.badIds);
    let recordIds: string[] | null = null;
    if (body.ids !== undefined && body.ids !== null && body.ids !== '') {
      recordIds = parseIds(Array.isArray(body.ids) ? body.ids.join(',') : body.ids);
      if (!recordIds) throw badRequest(MSG.badIds);
    }
    const scope = await operations.rowScope(noticePushEntity, caller, undefined, 'write');
    const push = await repository.findById(noticePushEntity, scope, pushId);
    if (!push) throw notFound();
    return ok(await noticePushes.resend(caller, push, recordIds), req.lang);
  });

  app.get(`${BASE}/record/list`, {
    schema: {
      tags, summary: 'The recipients of a push with their outcome per channel (paged; channel_equal, status_equal, name)',
      querystring: { type: 'object', required: ['pushId'], properties: { pushId: { type: 'string' }, current: { type: 'string' }, size: { type: 'string' }, name: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const raw = { ...(req.query as Record<string, unknown>) };
    const pushId = String(raw.pushId ?? '');
    if (!isId(pushId)) throw badRequest(MSG.badIds);
    const scope = await operations.authoriseRead(noticePushEntity, caller);
    if (!(await repository.findById(noticePushEntity, scope, pushId))) throw notFound();
    if (typeof raw.name === 'string' && raw.name !== '') raw.alumniName = raw.name;
    delete raw.name;
    raw.pushId_equal = pushId;
    delete raw.pushId;
    const result = await operations.listFromQuery(noticePushRecordEntity, caller, raw);
    return ok({
      ...result,
      records: result.records.map((r) => ({
        id: r.id, alumniId: r.alumniId, alumniName: r.alumniName, channel: r.channel, channelName: r.channelName, address: r.address,
        status: r.status, statusName: r.statusName, failReason: r.failReason, sendTime: r.sendTime, readTime: r.readTime, clickTime: r.clickTime,
      })),
    }, req.lang);
  });

  app.get(`${BASE}/open/unsubscribe`, {
    config: { public: true },
    schema: { tags, summary: 'The unsubscribe link of a pushed e-mail: withdraws the alumnus\'s e-mail consent (consent log, source 2); answers a short page', querystring: { type: 'object', properties: { token: { type: 'string' } } } },
  }, async (req, reply: FastifyReply) => {
    const recordId = pushTokens.verify('unsubscribe', (req.query as Record<string, unknown>).token);
    const lang = req.lang;
    const record = recordId
      ? await database.db.selectFrom(noticePushRecordEntity.table).select(['tenant_id', 'alumni_id']).where('id', '=', recordId).executeTakeFirst()
      : undefined;
    if (!record) return reply.code(400).type('text/html; charset=utf-8').send(page(NOTICE_PUSH_MSG.badToken[lang], ''));
    const tenantId = String(record.tenant_id);
    const alumniId = String(record.alumni_id);
    await database.db.transaction().execute(async (tx) => {
      const stamp = now();
      const changed = await tx.updateTable(basicInfoEntity.table).set({ allow_email: 0, consent_update_time: stamp })
        .where('tenant_id', '=', tenantId).where('id', '=', alumniId).where('allow_email', '=', 1).executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return;
      await appendConsentLog(tx, tenantId, alumniId, [{ field: 'allowEmail', channel: PUSH_CHANNEL.email, allowed: 0 }], {
        source: CONSENT_SOURCE.unsubscribed, operator: null, time: stamp, note: `通知推送记录 ${recordId}`,
      });
    });
    return reply.type('text/html; charset=utf-8').send(page(`${NOTICE_PUSH_MSG.unsubscribed.zh} / ${NOTICE_PUSH_MSG.unsubscribed.en}`,
      `${NOTICE_PUSH_MSG.unsubscribedBody.zh}<br>${NOTICE_PUSH_MSG.unsubscribedBody.en}`));
  });

  app.get(`${BASE}/open/read`, {
    config: { public: true },
    schema: { tags, summary: 'The read pixel of a pushed e-mail: marks its record read (first time only); answers a 1×1 GIF', querystring: { type: 'object', properties: { token: { type: 'string' } } } },
  }, async (req, reply: FastifyReply) => {
    const recordId = pushTokens.verify('read', (req.query as Record<string, unknown>).token);
    if (recordId) await markRecordRead(database.db, recordId, now());
    return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  });

  app.get(`${BASE}/open/click`, {
    config: { public: true },
    schema: {
      tags, summary: 'The click-through of a link in a pushed e-mail: records the first click (and the read, if the pixel did not load), then redirects to the link — always an address of the product under the public base address',
      querystring: { type: 'object', properties: { token: { type: 'string' }, to: { type: 'string', description: 'the path under the public base address' } } },
    },
  }, async (req, reply: FastifyReply) => {
    const query = req.query as Record<string, unknown>;
    const recordId = pushTokens.verify('click', query.token);
    const to = typeof query.to === 'string' ? query.to : '';
    // Only a path of the product: never a way to send someone elsewhere.
    if (!recordId || !/^\/(?![/\\])/.test(to) || /[\r\n]/.test(to)) {
      return reply.code(400).type('text/html; charset=utf-8').send(page(`${NOTICE_PUSH_MSG.badLink.zh} / ${NOTICE_PUSH_MSG.badLink.en}`, ''));
    }
    const record = await database.db.selectFrom(noticePushRecordEntity.table).select(['tenant_id']).where('id', '=', recordId).executeTakeFirst();
    if (!record) return reply.code(400).type('text/html; charset=utf-8').send(page(`${NOTICE_PUSH_MSG.badLink.zh} / ${NOTICE_PUSH_MSG.badLink.en}`, ''));
    await markRecordRead(database.db, recordId, now(), true);
    const base = await publicBase(params, String(record.tenant_id));
    return reply.code(302).header('cache-control', 'no-store').header('location', `${base}${to}`).send();
  });
}
