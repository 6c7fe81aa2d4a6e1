import {
  PUBLISH_STATUS, PUSH_CHANNEL, TARGET_STATUS, alumniNoticeEntity, noticePushEntity, noticePushRecordEntity, noticeTemplateEntity, smsPushEntity,
  smsPushTargetEntity,
} from '@alumni/domain';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ok } from '../core/envelope.js';
import { notFound } from '../core/errors.js';
import { now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { sanitizeRichText } from '../engine/rich-text.js';
import { pushCommonValues, pushText } from '../modules/messaging/notice-push-text.js';
import { fillTemplate } from '../modules/messaging/template-text.js';
import { requireAlumnus, type Alumnus } from './portal-auth.js';
import { PORTAL_BASE, PORTAL_ROUTE, idParam, pageOf, pageParams } from './portal-content-support.js';

const tags = ['Alumni portal (校友门户)'];
/** Pushes an alumnus is shown at most (newest first). */
const MAX_PUSHES = 1000;

interface PushedNotice { id: string; title: string; time: string; read: boolean }

/**
 * The pushes that reached the alumnus and carry a published notice: on a record of theirs that was
 * delivered (in-app, e-mail), or as a delivered target of the push's SMS push. One entry per notice,
 * at its latest push; read once any record of theirs for a push of it was read.
 */
export async function pushedNotices(db: Db, who: Alumnus): Promise<PushedNotice[]> {
  const byRecord = db.selectFrom(`${noticePushRecordEntity.table} as r`).select('r.push_id as push_id')
    .where('r.tenant_id', '=', who.tenantId).where('r.alumni_id', '=', who.alumnusId).where('r.status', '=', TARGET_STATUS.delivered).where('r.is_deleted', '=', 0);
  const bySms = db.selectFrom(`${smsPushTargetEntity.table} as t`).innerJoin(`${smsPushEntity.table} as s`, 's.id', 't.sms_push_id')
    .select('s.notice_push_id as push_id')
    .where('t.tenant_id', '=', who.tenantId).where('t.alumni_id', '=', who.alumnusId).where('t.push_status', '=', TARGET_STATUS.delivered)
    .where('t.is_deleted', '=', 0).where('s.notice_push_id', 'is not', null);
  const rows = await db.selectFrom(`${noticePushEntity.table} as p`).innerJoin(`${alumniNoticeEntity.table} as n`, 'n.id', 'p.notice_id')
    .select(['n.id as notice_id', 'n.title', 'p.id as push_id', 'p.send_time', 'p.create_time'])
    .where('p.tenant_id', '=', who.tenantId).where('p.is_deleted', '=', 0).where('n.is_deleted', '=', 0).where('n.publish_status', '=', PUBLISH_STATUS.published)
    .where('p.id', 'in', byRecord.union(bySms))
    .orderBy('p.send_time', 'desc').orderBy('p.id', 'desc').limit(MAX_PUSHES).execute();
  const reads = await db.selectFrom(noticePushRecordEntity.table).select('push_id')
    .where('tenant_id', '=', who.tenantId).where('alumni_id', '=', who.alumnusId).where('read_time', 'is not', null).execute();
  const readPushes = new Set(reads.map((r) => String(r.push_id)));
  const byNotice = new Map<string, PushedNotice>();
  for (const r of rows) {
    const id = String(r.notice_id);
    const entry = byNotice.get(id) ?? { id, title: String(r.title ?? ''), time: String(r.send_time ?? r.create_time ?? ''), read: false };
    if (readPushes.has(String(r.push_id))) entry.read = true;
    byNotice.set(id, entry);
  }
  return [...byNotice.values()];
}

/**
 * Marks the alumnus's delivered, unread records of these pushes read and writes each push's read
 * count again from its records, so the push's figures (读取率) follow at once, sent or ended.
 */
export async function markPushesRead(db: Db, who: Alumnus, pushIds: readonly string[], recordIds: readonly string[] | null = null): Promise<number> {
  if (pushIds.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const marked = await tx.updateTable(noticePushRecordEntity.table).set({ read_time: now() })
      .where('tenant_id', '=', who.tenantId).where('alumni_id', '=', who.alumnusId).where('push_id', 'in', [...pushIds])
      .where('status', '=', TARGET_STATUS.delivered).where('read_time', 'is', null)
      .$if(recordIds !== null, (q) => q.where('id', 'in', [...(recordIds ?? [])]))
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return 0;
    for (const pushId of pushIds) {
      const read = await tx.selectFrom(noticePushRecordEntity.table).select(sql<number>`count(read_time)`.as('n'))
        .where('push_id', '=', pushId).where('is_deleted', '=', 0).executeTakeFirst();
      await tx.updateTable(noticePushEntity.table).set({ read_count: Number(read?.n ?? 0) }).where('id', '=', pushId).execute();
    }
    return Number(marked.numUpdatedRows);
  });
}

/** The portal's notices and in-app messages (issue 28): what the school pushed to the signed-in alumnus. */
export function registerPortalNoticeRoutes(app: FastifyInstance): void {
  const { database, repository, params } = app.services;
  const db = database.db;

  app.get(`${PORTAL_BASE}/notices`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'The notices pushed to me, newest first: id (the notice), title, time, read', querystring: { type: 'object', properties: { current: { type: 'integer' }, size: { type: 'integer' } } } },
  }, async (req) => {
    const who = await requireAlumnus(req);
    return ok(pageOf(await pushedNotices(db, who), pageParams(req.query)), req.lang);
  });

  app.get(`${PORTAL_BASE}/notices/:id`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'A notice pushed to me (its body sanitised); opening it marks my records of its pushes read', params: { type: 'object', properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const id = idParam(req.params);
    const mine = (await pushedNotices(db, who)).find((n) => n.id === id);
    if (!mine) throw notFound();
    const notice = await repository.findById(alumniNoticeEntity, { tenantId: who.tenantId }, id);
    if (!notice) throw notFound();
    const pushes = await db.selectFrom(noticePushEntity.table).select('id').where('tenant_id', '=', who.tenantId)
      .where('notice_id', '=', id).where('is_deleted', '=', 0).execute();
    await markPushesRead(db, who, pushes.map((p) => String(p.id)));
    return ok({
      id, title: String(notice.title ?? ''), content: sanitizeRichText(String(notice.content ?? '')),
      time: String(notice.publishTime ?? mine.time), summary: notice.summary ?? null, author: notice.author ?? null,
    }, req.lang);
  });

  /** My in-app records: one message per push, its text filled for me. */
  async function messagesOf(who: Alumnus): Promise<{ id: string; pushId: string; title: string; content: string; time: string; read: boolean }[]> {
    const records = await db.selectFrom(noticePushRecordEntity.table).select(['id', 'push_id', 'send_time', 'read_time'])
      .where('tenant_id', '=', who.tenantId).where('alumni_id', '=', who.alumnusId).where('channel', '=', PUSH_CHANNEL.inApp)
      .where('status', '=', TARGET_STATUS.delivered).where('is_deleted', '=', 0)
      .orderBy('send_time', 'desc').orderBy('id', 'desc').limit(MAX_PUSHES).execute();
    const scope = { tenantId: who.tenantId };
    const pushes = new Map((await repository.findByIds(noticePushEntity, scope, [...new Set(records.map((r) => String(r.push_id)))])).map((p) => [String(p.id), p]));
    const out = [];
    for (const r of records) {
      const push = pushes.get(String(r.push_id));
      if (!push) continue;
      const template = push.templateId ? await repository.findById(noticeTemplateEntity, scope, String(push.templateId)) : null;
      const notice = push.noticeId ? await repository.findById(alumniNoticeEntity, scope, String(push.noticeId)) : null;
      const text = pushText(push, template);
      const { values } = await pushCommonValues(params, who.tenantId, push, notice);
      const filled = { ...values, name: who.name };
      out.push({
        id: String(r.id), pushId: String(push.id), title: fillTemplate(text.subject, filled),
        content: text.html ? sanitizeRichText(fillTemplate(text.content, filled)) : fillTemplate(text.content, filled),
        time: String(r.send_time ?? push.sendTime ?? ''), read: r.read_time !== null,
        ...(notice ? { noticeId: String(notice.id) } : {}),
      });
    }
    return out;
  }

  app.get(`${PORTAL_BASE}/messages`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'My in-app messages, newest first: id, title, content, time, read', querystring: { type: 'object', properties: { current: { type: 'integer' }, size: { type: 'integer' } } } },
  }, async (req) => {
    const who = await requireAlumnus(req);
    return ok(pageOf(await messagesOf(who), pageParams(req.query)), req.lang);
  });

  app.get(`${PORTAL_BASE}/messages/:id`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'One of my in-app messages; opening it marks it read (its push\'s read count rises)', params: { type: 'object', properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const id = idParam(req.params);
    const message = (await messagesOf(who)).find((m) => m.id === id);
    if (!message) throw notFound();
    if (!message.read) await markPushesRead(db, who, [message.pushId], [id]);
    return ok({ ...message, read: true }, req.lang);
  });
}
