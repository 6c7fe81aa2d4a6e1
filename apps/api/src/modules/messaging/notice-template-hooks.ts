import { MESSAGING_CODE_RE, MESSAGING_MSG, PUSH_CHANNEL, fill, noticeTemplateEntity, type SubmitValues } from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { parseDeclaredVariables, templateVariables } from './template-text.js';

const ENABLED = 1;
/** Scenes with at most one enabled template per channel (the general notice, 8, may have many). */
const SINGLE_TEMPLATE_SCENES = new Set(['1', '2', '3', '4', '5', '6', '7']);
/** Marketing scenes: their SMS and WeChat texts must say how to opt out. */
const MARKETING_SCENES = new Set(['7', '8']);
const SMS_MAX = 500;

/** The rules of notice templates (DOMAIN 8.2) beyond their fields. */
export function noticeTemplateHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const field = (name: string) => after(values, existing, name);
      const code = field('templateCode');
      if (!existing && typeof code === 'string' && !MESSAGING_CODE_RE.test(code)) {
        throw invalidFields({ templateCode: MESSAGING_MSG.codeFormat[ctx.lang] });
      }
      const channel = String(field('channel') ?? '');
      const scene = String(field('scene') ?? '');
      const content = String(field('content') ?? '');
      const title = field('title');
      if ((channel === PUSH_CHANNEL.email || channel === PUSH_CHANNEL.inApp) && (title === null || String(title).trim() === '')) {
        throw invalidFields({ title: MESSAGING_MSG.titleRequired[ctx.lang] });
      }
      const textual = channel === PUSH_CHANNEL.sms || channel === PUSH_CHANNEL.wechat;
      const provider = field('providerTemplateId');
      if (textual && (provider === null || String(provider).trim() === '')) {
        throw invalidFields({ providerTemplateId: MESSAGING_MSG.providerTemplateRequired[ctx.lang] });
      }
      if (channel === PUSH_CHANNEL.sms && [...content].length > SMS_MAX) throw invalidFields({ content: MESSAGING_MSG.smsTooLong[ctx.lang] });
      if (textual && MARKETING_SCENES.has(scene) && !/退订|拒收/.test(content)) {
        throw invalidFields({ content: MESSAGING_MSG.optOutRequired[ctx.lang] });
      }
      const declared = parseDeclaredVariables(field('variables'));
      if (!declared) throw invalidFields({ variables: MESSAGING_MSG.variablesFormat[ctx.lang] });
      const names = new Set(declared.map((v) => v.name));
      const missing = templateVariables(`${title ?? ''}\n${content}`).find((name) => !names.has(name));
      if (missing) throw badRequest(MESSAGING_MSG.variableUndeclared, { name: missing }, { errors: { variables: fill(MESSAGING_MSG.variableUndeclared[ctx.lang], { name: missing }) } });
      if (typeof values.variables === 'string' && values.variables.trim() !== '') values.variables = JSON.stringify(declared);
      await checkOneEnabledPerScene(ctx, values, existing);
    },
  };
}

/** Scenes 1–7 have at most one enabled template per channel: the one the product sends by. */
async function checkOneEnabledPerScene(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const scene = String(after(values, existing, 'scene') ?? '');
  if (!SINGLE_TEMPLATE_SCENES.has(scene) || Number(after(values, existing, 'status')) !== ENABLED) return;
  let query = ctx.db.selectFrom(noticeTemplateEntity.table).select('id')
    .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).where('status', '=', ENABLED)
    .where('scene', '=', scene).where('channel', '=', String(after(values, existing, 'channel')));
  if (existing) query = query.where('id', '<>', String(existing.id));
  if (await query.limit(1).executeTakeFirst()) throw invalidFields({ scene: MESSAGING_MSG.sceneTaken[ctx.lang] });
}
