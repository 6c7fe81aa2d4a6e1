import {
  BUSINESS_DICTIONARIES, MOBILE_MSG, NOTICE_PUSH_MSG, PUSH_CHANNEL, PUSH_STATUS, SEND_TYPE, SMS_PUSH_MSG, SMS_TARGET_MSG, TARGET_SOURCE, TARGET_STATUS, noticeTemplateEntity,
  fill, smsEntity, smsPushEntity, smsPushTargetEntity, type Lang,
} from '@alumni/domain';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { now, parseDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { TenantQuotas } from '../tenant/tenant-quotas.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { after, filled } from '../academic/academic-rules.js';
import { mainlandMobile } from './audience.js';
import { kickSmsPushes, recountSmsPush } from './sms-push-sender.js';
import { variableList } from './notice-push-text.js';
import { templateVariables } from './template-text.js';

const SEND_CODE = 'smspush_send';
const ENABLED = 1;
const SMS_MAX = 500;
const LEAD_MS = 5 * 60 * 1000;

const refuse = (ctx: WriteContext, field: string, text: { zh: string; en: string }) => badRequest(text, {}, { errors: { [field]: text[ctx.lang] } });

/** A JSON object of values (text or object), else none. */
const valuesOf = (raw: unknown): Record<string, unknown> => {
  try {
    const value = typeof raw === 'string' ? JSON.parse(raw) as unknown : raw;
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {};
  } catch {
    return {};
  }
};

/**
 * The variables of an SMS push's text that a send would leave unfilled for some target: those not in
 * its common parameters, not the target's name, and missing from a target's own parameters.
 */
async function unfilledSmsVariables(db: Db, pushId: string, content: string, common: unknown): Promise<string[]> {
  const shared = valuesOf(common);
  const wanted = templateVariables(content).filter((name) => !(name in shared));
  if (wanted.length === 0) return [];
  const targets = await db.selectFrom(smsPushTargetEntity.table).select(['name', 'params']).where('sms_push_id', '=', pushId).where('is_deleted', '=', 0).execute();
  return wanted.filter((name) => targets.some((target) => {
    if (name === 'name' && filled(target.name)) return false;
    return !(name in valuesOf(target.params));
  }));
}

const isJsonObject = (raw: unknown): boolean => {
  if (!filled(raw)) return true;
  try {
    const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return !!value && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
};

/** A business dictionary's label of a key in the caller's language. */
function dictLabel(code: string, key: string, lang: Lang): string {
  const entry = BUSINESS_DICTIONARIES.find((d) => d.code === code)?.entries.find((e) => e.key === key);
  return entry ? (lang === 'en' ? entry.valueEn : entry.value) : key;
}

const statusName = (status: number, lang: Lang) => dictLabel('push_status', String(status), lang);

/** Allowed changes of `pushStatus` through submit: send or schedule a draft, cancel a queued push. */
const TRANSITIONS: Record<number, number[]> = { [PUSH_STATUS.draft]: [PUSH_STATUS.queued], [PUSH_STATUS.queued]: [PUSH_STATUS.cancelled] };

/**
 * The rules of SMS pushes (DOMAIN 8.4): an enabled configuration, an enabled SMS template filling
 * the provider's id, signature and text, at most 500 characters, a scheduled time at least five
 * minutes ahead; edits only while 0 or 1; send (1) only with recipients, cancel (6) only before
 * sending starts, both with `smspush_send`; removal only in 0 and 6. After a commit that queued a
 * push the job queue is asked to start it (now, or at its scheduled time).
 */
export function smsPushHooks(db: Db, jobs: () => JobQueue): EntityHooks {
  /** Queued pushes written in a transaction, started once it commits. */
  const started: { tenantId: string; at: Date | undefined }[] = [];
  return {
    async beforeSave(ctx, values, existing) {
      const v = (name: string) => after(values, existing, name);
      const status = existing ? Number(existing.pushStatus) : PUSH_STATUS.draft;
      if (existing && status !== PUSH_STATUS.draft && status !== PUSH_STATUS.queued) throw badRequest(SMS_PUSH_MSG.locked);
      // The state is read-only as a field: only the body's `pushStatus` asks for a change.
      const asked = ctx.body?.pushStatus;
      const wanted = asked === undefined || asked === null || asked === '' ? status : Number(asked);
      if (wanted !== status) {
        if (!(TRANSITIONS[status] ?? []).includes(wanted)) {
          throw badRequest(SMS_PUSH_MSG.badTransition, { from: statusName(status, ctx.lang), to: statusName(wanted, ctx.lang) });
        }
        if (!ctx.codes?.has(SEND_CODE) && !ctx.caller.isSuperAdmin) throw forbidden();
      }
      values.pushStatus = wanted;
      const title = String(v('title') ?? '').trim();
      if ([...title].length < 2 || [...title].length > 100) throw refuse(ctx, 'title', SMS_PUSH_MSG.titleLength);
      const tenantId = ctx.caller.tenantId;
      const config = await ctx.db.selectFrom(smsEntity.table).select(['sms_code', 'sign_name']).where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0).where('enabled', '=', ENABLED).where('sms_code', '=', String(v('smsCode') ?? '')).executeTakeFirst();
      if (!config) throw refuse(ctx, 'smsCode', SMS_PUSH_MSG.noConfig);
      if ('templateId' in values && filled(values.templateId)) {
        const template = await ctx.db.selectFrom(noticeTemplateEntity.table).select(['provider_template_id', 'sms_sign_name', 'content'])
          .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('status', '=', ENABLED).where('channel', '=', PUSH_CHANNEL.sms)
          .where('id', '=', String(values.templateId)).executeTakeFirst() as Record<string, unknown> | undefined;
        if (!template) throw refuse(ctx, 'templateId', SMS_PUSH_MSG.notSmsTemplate);
        if (!filled(values.providerTemplateId)) values.providerTemplateId = template.provider_template_id as string;
        if (!filled(values.signName) && filled(template.sms_sign_name)) values.signName = template.sms_sign_name as string;
        if (!filled(values.content)) values.content = template.content as string;
      }
      if (!filled(v('signName')) && filled(config.sign_name)) values.signName = String(config.sign_name).slice(0, 32);
      if ([...String(v('content') ?? '')].length > SMS_MAX) throw refuse(ctx, 'content', SMS_PUSH_MSG.contentTooLong);
      if (!isJsonObject(v('templateParams'))) throw refuse(ctx, 'templateParams', SMS_PUSH_MSG.badParams);
      const scheduled = String(v('sendType') ?? SEND_TYPE.now) === SEND_TYPE.scheduled;
      const plan = v('planSendTime');
      const timing = wanted === PUSH_STATUS.queued && (status === PUSH_STATUS.draft || 'planSendTime' in values || 'sendType' in values);
      if (scheduled && (timing || 'planSendTime' in values)) {
        if (!filled(plan)) throw refuse(ctx, 'planSendTime', SMS_PUSH_MSG.planRequired);
        if (parseDateTime(String(plan)).getTime() < Date.now() + LEAD_MS - 1000) throw refuse(ctx, 'planSendTime', SMS_PUSH_MSG.planTooSoon);
      }
      if (wanted === PUSH_STATUS.queued && status === PUSH_STATUS.draft) {
        const target = existing ? await ctx.db.selectFrom(smsPushTargetEntity.table).select('id').where('sms_push_id', '=', String(existing.id))
          .where('is_deleted', '=', 0).limit(1).executeTakeFirst() : undefined;
        if (!target) throw badRequest(SMS_PUSH_MSG.noTargets);
        // A push the month's text messages cannot all take is refused before anything is sent (decision 293).
        const wanted = await ctx.db.selectFrom(smsPushTargetEntity.table).select((eb) => eb.fn.countAll().as('n'))
          .where('sms_push_id', '=', String(existing?.id ?? '')).where('is_deleted', '=', 0).executeTakeFirst();
        await new TenantQuotas(ctx.db, null).requireSms(tenantId, Number(wanted?.n ?? 0), ctx.db);
        const unfilled = await unfilledSmsVariables(ctx.db, String(existing?.id ?? ''), String(v('content') ?? ''), v('templateParams'));
        if (unfilled.length > 0) throw refuse(ctx, 'templateParams', { zh: fill(NOTICE_PUSH_MSG.variablesUnfilled.zh, { names: variableList(unfilled) }), en: fill(NOTICE_PUSH_MSG.variablesUnfilled.en, { names: variableList(unfilled) }) });
        started.push({ tenantId, at: scheduled ? parseDateTime(String(plan)) : undefined });
      }
      if (!existing) {
        values.orgDeptId = ctx.caller.deptId;
        for (const n of ['targetCount', 'successCount', 'failCount', 'skipCount', 'segmentCount']) values[n] = 0;
      }
    },
    async beforeRemove(ctx, rows) {
      for (const row of rows) {
        const status = Number(row.pushStatus);
        if (status !== PUSH_STATUS.draft && status !== PUSH_STATUS.cancelled) throw badRequest(SMS_PUSH_MSG.removeSent);
      }
      const ids = rows.map((r) => String(r.id));
      if (ids.length) {
        await ctx.db.updateTable(smsPushTargetEntity.table).set({ is_deleted: 1, update_time: now() }).where('sms_push_id', 'in', ids).execute();
      }
    },
    async detailExtras(stored) {
      return { stats: await pushStats(db, String(stored.id)) };
    },
    afterCommit() {
      for (const { tenantId, at } of started.splice(0)) {
        void kickSmsPushes(jobs(), tenantId).catch(() => undefined);
        if (at) void kickSmsPushes(jobs(), tenantId, at).catch(() => undefined);
      }
    },
  };
}

/** The detail's figures: targets by status, and failures by code. */
export async function pushStats(db: Db, pushId: string) {
  const byStatus = await db.selectFrom(smsPushTargetEntity.table).select(['push_status', (eb) => eb.fn.countAll().as('n')])
    .where('sms_push_id', '=', pushId).where('is_deleted', '=', 0).groupBy('push_status').execute() as { push_status: unknown; n: unknown }[];
  const reasons = await db.selectFrom(smsPushTargetEntity.table).select(['fail_code', (eb) => eb.fn.max('fail_reason').as('reason'), (eb) => eb.fn.countAll().as('n')])
    .where('sms_push_id', '=', pushId).where('is_deleted', '=', 0).where('push_status', '=', TARGET_STATUS.failed)
    .groupBy('fail_code').execute() as { fail_code: unknown; reason: unknown; n: unknown }[];
  return {
    byStatus: Object.values(TARGET_STATUS).map((status) => ({
      key: String(status), label: dictLabel('target_status', String(status), 'zh'),
      count: Number(byStatus.find((r) => Number(r.push_status) === status)?.n ?? 0),
    })),
    failReasons: reasons.map((r) => ({ key: r.fail_code === null ? '' : String(r.fail_code), label: String(r.reason ?? ''), count: Number(r.n) }))
      .sort((a, b) => b.count - a.count),
  };
}

/** The push a target belongs to, in the caller's tenant; a 404 when there is none. */
async function pushOf(ctx: WriteContext, pushId: unknown): Promise<JsonRecord> {
  if (!filled(pushId)) throw refuse(ctx, 'smsPushId', SMS_TARGET_MSG.pushRequired);
  const row = await ctx.repository.findById(smsPushEntity, ctx.scope, String(pushId), ctx.db);
  if (!row) throw notFound();
  return row;
}

/**
 * The rules of push targets (DOMAIN 8.5): changed only while their push is a draft; a mainland
 * mobile, kept as its eleven digits; personal parameters a JSON object; the push's unit. Source
 * and state are the server's: a target written through submit is added by hand and waits.
 */
export function smsPushTargetHooks(db: Db): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const pushRow = await pushOf(ctx, existing ? existing.smsPushId : values.smsPushId);
      if (Number(pushRow.pushStatus) !== PUSH_STATUS.draft) throw badRequest(SMS_TARGET_MSG.pushLocked);
      if ('phone' in values && filled(values.phone)) {
        // A mainland mobile, typed with +86, spaces or dashes, is kept as its eleven digits.
        const mobile = mainlandMobile('+86', String(values.phone));
        if (!mobile) throw refuse(ctx, 'phone', MOBILE_MSG.invalid);
        values.phone = mobile;
      }
      if (!isJsonObject(after(values, existing, 'params'))) throw refuse(ctx, 'params', SMS_TARGET_MSG.badParams);
      if (!existing) {
        if (!filled(values.source) || ctx.via === 'import') values.source = ctx.via === 'import' ? TARGET_SOURCE.imported : TARGET_SOURCE.hand;
        values.pushStatus = TARGET_STATUS.waiting;
        values.retryCount = 0;
        values.orgDeptId = (pushRow.orgDeptId as string | null) ?? null;
      }
    },
    async afterSave(ctx, record) {
      await recountSmsPush(ctx.db, String(record.smsPushId));
    },
    async beforeRemove(ctx, rows) {
      const pushes = new Set(rows.map((r) => String(r.smsPushId)));
      for (const id of pushes) {
        const pushRow = await pushOf(ctx, id);
        if (Number(pushRow.pushStatus) !== PUSH_STATUS.draft) throw badRequest(SMS_TARGET_MSG.pushLocked);
      }
    },
    async afterRemove(rows) {
      for (const id of new Set(rows.map((r) => String(r.smsPushId)))) await recountSmsPush(db, id);
    },
    listParams: {
      async smsPushId(value) {
        return [{ field: 'smsPushId', op: 'equal', value }];
      },
    },
  };
}
