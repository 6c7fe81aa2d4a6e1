import {
  ALUMNI_NOTICE_MSG, MSG, NOTICE_MAX_ATTACHMENTS, PUBLISH_STATUS, SUMMARY_LENGTH, associationEntity, fill, type SubmitValues,
} from '@alumni/domain';
import { AppError, badRequest, invalidFields } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { htmlToText, sanitizeRichText } from '../../engine/rich-text.js';
import { after, filled } from '../academic/academic-rules.js';
import { checkFiles, refuse } from '../relation/relation-rules.js';

/** The button that publishes, withdraws and edits a published notice (DOMAIN 8.1). */
export const PUBLISH_CODE = 'alumninotice_publish';

/** Where each state may go: 0 → 1 → 2 → 1. */
const NEXT: Readonly<Record<number, readonly number[]>> = {
  [PUBLISH_STATUS.draft]: [PUBLISH_STATUS.draft, PUBLISH_STATUS.published],
  [PUBLISH_STATUS.published]: [PUBLISH_STATUS.published, PUBLISH_STATUS.withdrawn],
  [PUBLISH_STATUS.withdrawn]: [PUBLISH_STATUS.withdrawn, PUBLISH_STATUS.published],
};

/** The state a submit asks for: `publishStatus` of the body, else the stored one (a new notice is a draft). */
function askedStatus(ctx: WriteContext, existing: JsonRecord | null): number {
  const current = existing ? Number(existing.publishStatus) : PUBLISH_STATUS.draft;
  const raw = ctx.body?.publishStatus;
  if (raw === undefined || raw === null || raw === '') return current;
  const asked = Number(raw);
  if (!Number.isInteger(asked) || !(asked in NEXT)) throw refuse(ctx, 'publishStatus', ALUMNI_NOTICE_MSG.badStatus);
  if (!(NEXT[current] ?? []).includes(asked)) throw refuse(ctx, 'publishStatus', ALUMNI_NOTICE_MSG.backToDraft);
  return asked;
}

/**
 * The rules of an alumni notice (DOMAIN 8.1): a sanitised body with a summary taken from it, the
 * author by default the caller, the publication states behind `alumninotice_publish` (editing a
 * published notice too: the change is live at once), the first publication's time, the owning
 * unit, at most five attachments, and removal only of drafts and withdrawn notices.
 */
export function alumniNoticeHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const title = after(values, existing, 'title');
      const titleLength = [...String(title ?? '').trim()].length;
      if (titleLength < 2 || titleLength > 100) throw refuse(ctx, 'title', ALUMNI_NOTICE_MSG.titleLength);
      if (typeof values.content === 'string') {
        values.content = sanitizeRichText(values.content);
        if (values.content.trim() === '') {
          throw invalidFields({ content: fill(MSG.required[ctx.lang], { label: ctx.entity.fields.content?.label[ctx.lang] ?? 'content' }) });
        }
      }
      if (!filled(after(values, existing, 'summary'))) {
        values.summary = [...htmlToText(String(after(values, existing, 'content') ?? ''))].slice(0, SUMMARY_LENGTH).join('');
      }
      if (!existing && !filled(values.author)) values.author = [...ctx.caller.realName].slice(0, 32).join('') || null;
      checkFiles(ctx, values, { attachments: NOTICE_MAX_ATTACHMENTS });

      const status = askedStatus(ctx, existing);
      const current = existing ? Number(existing.publishStatus) : PUBLISH_STATUS.draft;
      const needsPublish = status !== current || current === PUBLISH_STATUS.published || (!existing && status === PUBLISH_STATUS.published);
      if (needsPublish && !ctx.caller.isSuperAdmin && !ctx.codes?.has(PUBLISH_CODE)) throw new AppError(403, ALUMNI_NOTICE_MSG.publishNeeded);
      values.publishStatus = status;
      if (status === PUBLISH_STATUS.published && !filled(after(values, existing, 'publishTime'))) values.publishTime = now();
      if (!existing) values.viewCount = 0;
      if (!existing || 'associationId' in values) await owningUnit(ctx, values, existing);
    },
    async beforeRemove(_ctx, rows) {
      if (rows.some((r) => Number(r.publishStatus) === PUBLISH_STATUS.published)) throw badRequest(ALUMNI_NOTICE_MSG.publishedRemove);
    },
  };
}

/** `orgDeptId` = the association's unit, else the creator's department. */
async function owningUnit(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const associationId = after(values, existing, 'associationId');
  if (filled(associationId)) {
    const row = await ctx.db.selectFrom(associationEntity.table).select('org_dept_id').where('tenant_id', '=', ctx.caller.tenantId)
      .where('id', '=', String(associationId)).where('is_deleted', '=', 0).executeTakeFirst();
    if (!row) throw refuse(ctx, 'associationId', ALUMNI_NOTICE_MSG.associationMissing);
    if (row.org_dept_id !== null) {
      values.orgDeptId = String(row.org_dept_id);
      return;
    }
  }
  const creatorDept = existing ? existing.createDept : ctx.caller.deptId;
  values.orgDeptId = filled(creatorDept) ? (String(creatorDept).split(',')[0] ?? null) : null;
}
