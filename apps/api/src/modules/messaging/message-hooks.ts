import { MESSAGE_MSG, MESSAGE_SOURCE, REPLY_STATUS, basicInfoEntity, messageEntity, type SubmitValues } from '@alumni/domain';
import { badRequest, forbidden, invalidFields } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after, filled } from '../academic/academic-rules.js';
import { checkPersonalPhone } from '../people/personal-phone.js';

const MAX_IMAGES = 9;
export const ANSWER_CODE = 'message_answer';

/** An image list as DOMAIN 1.3 stores it: a JSON array of `{link, name, …}`; null when malformed. */
function imageCount(raw: unknown): number | null {
  if (!filled(raw)) return 0;
  try {
    const list = JSON.parse(String(raw)) as unknown;
    if (!Array.isArray(list) || !list.every((item) => item && typeof item === 'object' && typeof (item as { link?: unknown }).link === 'string')) return null;
    return list.length;
  } catch {
    return null;
  }
}

/**
 * The only alumnus with this mainland mobile, if exactly one has it (DOMAIN 8.8: matched by phone
 * when empty), read inside the write's transaction by the phone's keyed hash.
 */
async function alumnusByPhone(ctx: WriteContext, phone: string): Promise<string | null> {
  let query = ctx.db.selectFrom(basicInfoEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0);
  for (const [column, value] of ctx.repository.exactColumns(basicInfoEntity, { phone })) query = query.where(column, '=', value as string);
  const found = await query.limit(2).execute();
  return found.length === 1 ? String(found[0]?.id) : null;
}

/** The rules of messages (DOMAIN 8.8) beyond their fields; answering is its own call (`message-routes.ts`). */
export function messageHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      if (existing && Number(existing.replyStatus) === REPLY_STATUS.closed) throw badRequest(MESSAGE_MSG.closed);
      const title = String(after(values, existing, 'title') ?? '').trim();
      if ([...title].length < 2) throw invalidFields({ title: MESSAGE_MSG.titleLength[ctx.lang] });
      checkPersonalPhone(ctx, values, existing);
      const images = imageCount(after(values, existing, 'images'));
      if (images === null || images > MAX_IMAGES) throw invalidFields({ images: MESSAGE_MSG.tooManyImages[ctx.lang] });
      if (!existing) {
        // Messages added here are the ones staff take by phone or at the counter.
        values.messageSource = MESSAGE_SOURCE.staff;
        values.replyStatus = REPLY_STATUS.waiting;
      }
      const phone = after(values, existing, 'phone');
      if (!filled(after(values, existing, 'alumniId')) && filled(phone) && String(after(values, existing, 'areaCode') ?? '+86') === '+86') {
        const alumniId = await alumnusByPhone(ctx, String(phone));
        if (alumniId) values.alumniId = alumniId;
      }
      await closeIfAsked(ctx, values, existing);
    },
  };
}

/** A submit with `replyStatus` 2 closes the message: the answering button and a remark are needed. */
async function closeIfAsked(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const asked = ctx.body?.replyStatus;
  if (asked === undefined || asked === null || asked === '' || Number(asked) !== REPLY_STATUS.closed) return;
  if (!ctx.codes?.has(ANSWER_CODE) && !ctx.caller.isSuperAdmin) throw forbidden();
  if (!filled(after(values, existing, 'remark'))) throw invalidFields({ remark: MESSAGE_MSG.closeNeedsRemark[ctx.lang] });
  values.replyStatus = REPLY_STATUS.closed;
}

export const MESSAGE_TABLE = messageEntity.table;
