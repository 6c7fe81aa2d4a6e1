import { COST_MSG, COST_STATUS, activityCostEntity, hasChinese, type Text } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { after, filled } from '../academic/academic-rules.js';
import { refuse } from '../people/study-rules.js';
import { activityOf, shiftTime } from './activity-rules.js';
import { addActivityTitles } from './applist-hooks.js';

const NEXT: Record<string, string[]> = { '0': ['1'], '1': ['2', '0'], '2': [] };
const STATUS_NAMES: Record<string, Text> = {
  '0': { zh: '待报销', en: 'Not reimbursed' }, '1': { zh: '报销中', en: 'In reimbursement' }, '2': { zh: '已报销', en: 'Reimbursed' },
};

const labelled = (ctx: WriteContext, field: string, text: Text) => {
  const label = activityCostEntity.fields[field as keyof typeof activityCostEntity.fields].label[ctx.lang];
  return refuse(ctx, field, { zh: text.zh.replace('{label}', label), en: text.en.replace('{label}', label) });
};

export function costHooks(db: Db, repository: EntityRepository): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const v = (name: string) => after(values, existing, name);
      if (existing && String(existing.costStatus) === COST_STATUS.reimbursed) {
        const changed = Object.keys(values).filter((k) => k !== 'remark' && String(values[k] ?? '') !== String(existing[k] ?? ''));
        if (changed.length > 0) throw badRequest(COST_MSG.reimbursedLocked);
        return;
      }
      const activity = await activityOf(repository, ctx.db, ctx.caller.tenantId, String(v('activityId')));
      if (!activity) throw refuse(ctx, 'activityId', { zh: '活动不存在', en: 'No such activity' });
      if (!existing || 'activityId' in values) values.orgDeptId = activity.orgDeptId === null ? null : String(activity.orgDeptId);
      // Dates that record the past: not later than today (one day of slack for time zones).
      const latest = shiftTime(`${now().slice(0, 10)} 00:00:00`, 86400).slice(0, 10);
      for (const field of ['costDate', 'reimburseDate']) {
        if (field in values && filled(values[field]) && String(values[field]) > latest) throw labelled(ctx, field, COST_MSG.futureDate);
      }
      for (const field of ['invoiceNo', 'voucherNo']) {
        if (field in values && filled(values[field]) && hasChinese(String(values[field]))) throw labelled(ctx, field, COST_MSG.noChinese);
      }
      if ('invoiceFiles' in values && filled(values.invoiceFiles)) {
        let files: unknown;
        try {
          files = JSON.parse(String(values.invoiceFiles));
        } catch {
          throw refuse(ctx, 'invoiceFiles', COST_MSG.badFiles);
        }
        if (!Array.isArray(files) || files.some((f) => !f || typeof f !== 'object' || typeof (f as { link?: unknown }).link !== 'string')) throw refuse(ctx, 'invoiceFiles', COST_MSG.badFiles);
        if (files.length > 10) throw refuse(ctx, 'invoiceFiles', COST_MSG.tooManyFiles);
      }
      const status = String(v('costStatus') ?? COST_STATUS.pending);
      if (existing && 'costStatus' in values) {
        const from = String(existing.costStatus);
        if (status !== from && !(NEXT[from] ?? []).includes(status)) {
          const names = (k: string) => STATUS_NAMES[k]?.[ctx.lang] ?? k;
          throw badRequest(COST_MSG.badTransition, { from: names(from), to: names(status) });
        }
      }
      if (status === COST_STATUS.reimbursed) {
        if (!filled(v('voucherNo'))) throw refuse(ctx, 'voucherNo', COST_MSG.voucherRequired);
        if (!filled(v('reimburseDate'))) throw refuse(ctx, 'reimburseDate', COST_MSG.reimburseDateRequired);
      }
    },
    async beforeRemove(_ctx, rows) {
      if (rows.some((r) => String(r.costStatus) === COST_STATUS.reimbursed)) throw badRequest(COST_MSG.reimbursedRemove);
    },
    async withRelated(records, caller) {
      await addActivityTitles(db, caller.tenantId, records);
    },
  };
}
