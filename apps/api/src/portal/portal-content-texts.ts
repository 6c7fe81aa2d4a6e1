import { MESSAGE_SOURCE, basicInfoEntity, messageEntity, parseSubmit, t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { ok } from '../core/envelope.js';
import { badRequest, invalidFields, notFound } from '../core/errors.js';
import { requireAlumnus } from './portal-auth.js';
import { PORTAL_BASE, PORTAL_ROUTE, idParam, pageOf, pageParams, portalCaller } from './portal-content-support.js';

const tags = ['Alumni portal (校友门户)'];
/** `message_type` of what an alumnus writes unless they say otherwise: 咨询. */
const DEFAULT_TYPE = '1';
const MAX_TEXTS = 500;

const TEXT_MSG = {
  bodyRequired: t('请填写主题和留言内容', 'Please write a subject and the message'),
} as const;

/**
 * 留言 in the portal (issue 28): the alumnus writes to the school on the message board
 * (`alumni_message`, DOMAIN 8.8) and reads the staff's answer, given on the staff page as before.
 */
export function registerPortalTextRoutes(app: FastifyInstance): void {
  const { database, repository, operations } = app.services;
  const db = database.db;
  const view = (r: Record<string, unknown>) => ({
    id: String(r.id), title: String(r.title ?? ''), content: String(r.content ?? ''), time: String(r.createTime ?? ''),
    reply: r.answerContent ? String(r.answerContent) : null, replyTime: r.answerTime ? String(r.answerTime) : null,
    replyStatus: Number(r.replyStatus ?? 0), messageType: r.messageType === null || r.messageType === undefined ? null : String(r.messageType),
  });

  app.get(`${PORTAL_BASE}/texts`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'My messages to the school (留言), newest first, with the staff\'s reply', querystring: { type: 'object', properties: { current: { type: 'integer' }, size: { type: 'integer' } } } },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const rows = await repository.all(messageEntity, { tenantId: who.tenantId }, [{ field: 'alumniId', op: 'equal', value: who.alumnusId }],
      [{ field: 'createTime', desc: true }], MAX_TEXTS);
    return ok(pageOf(rows.map(view), pageParams(req.query)), req.lang);
  });

  app.get(`${PORTAL_BASE}/texts/:id`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'One of my messages with its reply', params: { type: 'object', properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const row = await repository.findById(messageEntity, { tenantId: who.tenantId }, idParam(req.params));
    if (!row || String(row.alumniId ?? '') !== who.alumnusId) throw notFound();
    return ok(view(row), req.lang);
  });

  app.post(`${PORTAL_BASE}/texts`, {
    config: PORTAL_ROUTE,
    schema: {
      tags, summary: 'Writes a message to the school (留言): title, content, messageType (default 1 咨询); it waits for the staff\'s reply',
      body: { type: 'object', properties: { title: { type: 'string' }, content: { type: 'string' }, messageType: { type: 'string' } } },
    },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const body = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;
    if (typeof body.title !== 'string' || typeof body.content !== 'string') throw badRequest(TEXT_MSG.bodyRequired);
    const me = await repository.findById(basicInfoEntity, { tenantId: who.tenantId }, who.alumnusId);
    if (!me) throw notFound();
    const sent = {
      title: body.title.trim(), content: body.content.trim(), messageType: typeof body.messageType === 'string' && body.messageType !== '' ? body.messageType : DEFAULT_TYPE,
      name: String(me.name ?? who.name).slice(0, 30), areaCode: me.areaCode ?? '+86', phone: me.phone ?? null, email: me.email ?? null, alumniId: who.alumnusId, isPublic: 0,
    };
    const parsed = parseSubmit(messageEntity, sent, req.lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    const caller = portalCaller(who, req);
    const plan = operations.systemPlan(messageEntity, { caller, lang: req.lang, codes: new Set(), reads: new Map() });
    const saved = await db.transaction().execute(async (tx) => {
      const row = await operations.writeRow(plan, tx, { id: null, values: parsed.values }, sent);
      // The board's rules mark what they add as taken by staff; this one the alumnus wrote on the web.
      await tx.updateTable(messageEntity.table).set({ message_source: MESSAGE_SOURCE.web, alumni_id: who.alumnusId }).where('id', '=', String(row.id)).execute();
      return row;
    });
    return ok({ id: String(saved.id) }, req.lang);
  });
}
