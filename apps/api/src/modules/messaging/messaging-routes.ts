import { MESSAGE_MSG, MSG, REPLY_STATUS, isId, messageEntity, noticeTemplateEntity, type Condition } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, invalidFields, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { originOf } from '../../logs/request-origin.js';
import { ANSWER_NOTICE_JOB, type AnswerNoticeData } from './answer-notice.js';
import { ANSWER_CODE } from './message-hooks.js';

const ENABLED = 1;
const KEY_RE = /^[0-9]{1,2}$/;

/** The messaging module's calls beyond its entities' own (DOMAIN 8). */
export function registerMessagingRoutes(app: FastifyInstance): void {
  const { operations, repository, access, database, jobs, logs } = app.services;

  app.get('/blade-noticeTemplate/noticeTemplate/all', {
    schema: {
      tags: [`${noticeTemplateEntity.label.en} (${noticeTemplateEntity.label.zh})`],
      summary: 'Every enabled template, optionally of one channel and scene (not paged), for the push forms',
      querystring: { type: 'object', properties: { channel: { type: 'string' }, scene: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const query = req.query as Record<string, unknown>;
    const conditions: Condition[] = [{ field: 'status', op: 'equal', value: ENABLED }];
    for (const name of ['channel', 'scene'] as const) {
      const value = query[name];
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string' || !KEY_RE.test(value)) throw badRequest(MSG.badFilterValue, { name });
      conditions.push({ field: name, op: 'equal', value });
    }
    const scope = await operations.rowScope(noticeTemplateEntity, caller, undefined, 'read');
    const rows = await repository.all(noticeTemplateEntity, scope, conditions, [{ field: 'templateCode', desc: false }]);
    return ok(rows.map((r) => ({
      id: r.id, templateCode: r.templateCode, templateName: r.templateName, channel: r.channel, scene: r.scene, title: r.title,
      content: r.content, variables: r.variables, providerTemplateId: r.providerTemplateId, smsSignName: r.smsSignName,
    })), req.lang);
  });

  app.put('/blade-message/message/answer', {
    schema: {
      tags: [`${messageEntity.label.en} (${messageEntity.label.zh})`],
      summary: 'Answer a message (again: the answer is replaced and the previous one kept in the usual log); notify tells the messenger',
      body: {
        type: 'object', required: ['id', 'answerContent'],
        properties: { id: { type: 'string' }, answerContent: { type: 'string' }, isPublic: { type: 'integer', enum: [0, 1] }, notify: { type: 'integer', enum: [0, 1] } },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, ANSWER_CODE);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const id = String(body.id ?? '');
    if (!isId(id)) throw badRequest(MSG.badIds);
    const answer = typeof body.answerContent === 'string' ? body.answerContent.trim() : '';
    if ([...answer].length < 2 || [...answer].length > 2000) throw invalidFields({ answerContent: MESSAGE_MSG.answerLength[req.lang] });
    const flagOf = (name: string): 0 | 1 | null => {
      const value = body[name];
      if (value === undefined || value === null || value === '') return null;
      if (value === 0 || value === 1 || value === '0' || value === '1') return Number(value) as 0 | 1;
      throw badRequest(MSG.badFilterValue, { name });
    };
    const isPublic = flagOf('isPublic');
    const notify = flagOf('notify');
    const scope = await operations.rowScope(messageEntity, caller);
    const previous = await database.db.transaction().execute(async (tx) => {
      const message = await repository.findById(messageEntity, scope, id, tx);
      if (!message) throw notFound();
      if (Number(message.replyStatus) === REPLY_STATUS.closed) throw badRequest(MESSAGE_MSG.closed);
      await repository.update(messageEntity, scope, id, {
        answerContent: answer, answerUser: caller.userId, answerTime: now(), replyStatus: REPLY_STATUS.answered,
        ...(isPublic === null ? {} : { isPublic }), updateUser: caller.userId, updateTime: now(),
      }, tx);
      return message.answerContent ? String(message.answerContent) : null;
    });
    if (previous !== null) {
      logs.usual(originOf(req, false), { logId: 'message_answer_replaced', logData: `留言 ${id} 的原回复：${previous}` });
    }
    const data: AnswerNoticeData = { messageId: id, userId: caller.userId };
    const noticeJob = notify === 1 ? await jobs.send(ANSWER_NOTICE_JOB, { data, tenantId: caller.tenantId, createdBy: caller.userId }) : null;
    return ok({ ...(await operations.detail(messageEntity, caller, id)), noticeJob }, req.lang);
  });
}
