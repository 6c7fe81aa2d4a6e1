import { PRIVACY_KIND, PRIVACY_KIND_BY_NAME, PRIVACY_MSG, PRIVACY_STATE, basicInfoEntity, parseSubmit, privacyRequestEntity, sensitiveFields, t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { callOrigin } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { badRequest, invalidFields, notFound } from '../core/errors.js';
import { now } from '../core/time.js';
import { consentOf } from './portal-consent.js';
import { requireAlumnus, type Alumnus } from './portal-auth.js';
import { PORTAL_BASE, PORTAL_ROUTE, portalCaller } from './portal-content-support.js';
import { withdrawEverything } from './portal-privacy-anonymise.js';
import { exportHtml, personalDataOf } from './portal-privacy-export.js';

const tags = ['Alumni portal (校友门户)'];
const KIND_NAMES: Record<string, string> = Object.fromEntries(Object.entries(PRIVACY_KIND_BY_NAME).map(([name, key]) => [key, name]));
const STATE_NAMES: Record<number, string> = { 0: 'waiting', 1: 'handling', 2: 'done', 3: 'rejected' };
const STATE_LABELS: Record<number, { zh: string; en: string }> = {
  0: t('待处理', 'Waiting'), 1: t('处理中', 'Being handled'), 2: t('已完成', 'Done'), 3: t('已驳回', 'Rejected'),
};
const WITHDRAW_NOTE = '校友门户：撤回全部同意';

/** The portal's privacy rights (PIPL art. 44–47, issue 28): export, requests to the staff queue, withdrawal of every consent. */
export function registerPortalPrivacyRoutes(app: FastifyInstance): void {
  const { database, repository, operations } = app.services;
  const db = database.db;

  /** Records a request through the entity's own rules (its deadline, one open per kind), as the alumnus. */
  async function request(who: Alumnus, req: Parameters<typeof portalCaller>[1], kind: string, detail: string | null, done: boolean) {
    const sent = { alumniId: who.alumnusId, kind, detail };
    const parsed = parseSubmit(privacyRequestEntity, sent, who.lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    const caller = portalCaller(who, req);
    const plan = operations.systemPlan(privacyRequestEntity, { caller, lang: who.lang, codes: new Set(), reads: new Map() });
    return db.transaction().execute(async (tx) => {
      const saved = await operations.writeRow(plan, tx, { id: null, values: parsed.values }, sent);
      if (!done) return saved;
      // A withdrawal takes effect at once: every channel stops in the transaction that records it.
      const record = await repository.findById(basicInfoEntity, { tenantId: who.tenantId }, who.alumnusId, tx);
      if (record) await withdrawEverything(tx, who.tenantId, who.alumnusId, record, null, WITHDRAW_NOTE);
      return operations.writeRow(plan, tx, { id: String(saved.id), values: { state: PRIVACY_STATE.done, opinion: WITHDRAW_NOTE } }, { state: PRIVACY_STATE.done });
    });
  }

  const view = (r: Record<string, unknown>, lang: 'zh' | 'en') => ({
    id: String(r.id), kind: KIND_NAMES[String(r.kind)] ?? String(r.kind), state: STATE_NAMES[Number(r.state)] ?? String(r.state),
    stateLabel: STATE_LABELS[Number(r.state)]?.[lang] ?? '', deadline: r.deadline ?? null, time: r.requestTime ?? r.createTime ?? null,
    detail: r.detail ?? null, opinion: r.opinion ?? null, handleTime: r.handleTime ?? null,
  });

  app.get(`${PORTAL_BASE}/privacy/export`, {
    config: PORTAL_ROUTE,
    schema: {
      tags, summary: 'A download of all the data the school holds about me: format json (default) or html (readable)',
      querystring: { type: 'object', properties: { format: { type: 'string', enum: ['json', 'html'] } } },
    },
  }, async (req, reply) => {
    const who = await requireAlumnus(req);
    const format = String((req.query as Record<string, unknown>).format ?? 'json');
    if (format !== 'json' && format !== 'html') throw badRequest(PRIVACY_MSG.badFormat);
    const stamp = now();
    const data = await personalDataOf(db, repository, who.tenantId, who.alumnusId, stamp);
    // Every personal field the school holds leaves in the file: one event of the access report (decision 302).
    await app.services.personalAccess.record(
      { tenantId: who.tenantId, userId: who.alumnusId, account: 'portal', realName: '', origin: callOrigin(req) },
      { kind: 'selfDownload', entity: basicInfoEntity.name, recordIds: [who.alumnusId], fields: sensitiveFields(basicInfoEntity).map(([name]) => name) },
    );
    const day = stamp.slice(0, 10);
    reply.header('cache-control', 'no-store');
    if (format === 'html') {
      return reply.type('text/html; charset=utf-8').header('content-disposition', `attachment; filename="my-data-${day}.html"`)
        .send(exportHtml(data, who.name, req.lang));
    }
    return reply.type('application/json; charset=utf-8').header('content-disposition', `attachment; filename="my-data-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.get(`${PORTAL_BASE}/privacy/requests`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'My privacy requests, newest first: id, kind, state, stateLabel, deadline, time, opinion' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const rows = await repository.all(privacyRequestEntity, { tenantId: who.tenantId }, [{ field: 'alumniId', op: 'equal', value: who.alumnusId }],
      [{ field: 'requestTime', desc: true }], 500);
    return ok(rows.map((r) => view(r, req.lang)), req.lang);
  });

  app.post(`${PORTAL_BASE}/privacy/requests`, {
    config: PORTAL_ROUTE,
    schema: {
      tags, summary: 'Asks the school for a correction or a deletion (to the staff queue, with its legal deadline), or withdraws every consent at once',
      body: { type: 'object', properties: { kind: { type: 'string', enum: ['correction', 'deletion', 'withdraw'] }, detail: { type: 'string' } } },
    },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const body = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;
    const kind = PRIVACY_KIND_BY_NAME[String(body.kind ?? '')];
    if (!kind) throw badRequest(PRIVACY_MSG.badKind);
    const detail = body.detail === undefined || body.detail === null ? null : String(body.detail).trim();
    if (detail !== null && [...detail].length > 2000) throw badRequest(PRIVACY_MSG.detailLength);
    const saved = await request(who, req, kind, detail || null, kind === PRIVACY_KIND.withdraw);
    return ok({ id: String(saved.id), deadline: saved.deadline ?? null, state: STATE_NAMES[Number(saved.state)] ?? null }, req.lang);
  });

  app.post(`${PORTAL_BASE}/me/consent/withdraw-all`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'Withdraws my consent on every channel at once (SMS, e-mail, in-app, WeChat); the next push reaches me on none; answers the consent' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const record = await repository.findById(basicInfoEntity, { tenantId: who.tenantId }, who.alumnusId);
    if (!record) throw notFound();
    await db.transaction().execute((tx) => withdrawEverything(tx, who.tenantId, who.alumnusId, record, null, WITHDRAW_NOTE));
    return ok(await consentOf(db, who.tenantId, who.alumnusId), req.lang);
  });
}
