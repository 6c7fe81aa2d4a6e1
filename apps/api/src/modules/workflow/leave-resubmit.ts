import { t, type Lang } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { PROCESS_LEAVE_TABLE } from '../../db/migrations/027-workflow.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import { checkLeave, leaveView, type LeaveInput } from './leave-process.js';
import type { InstanceRow } from './process-instances.js';
import type { Workflow } from './workflow.js';

/** The leave's step where the applicant changes and resubmits it (DOMAIN 10.2 调整申请). */
export const ADJUST_TASK = 'adjustTask';

const NOT_ADJUSTING = t('只有在“调整申请”环节才能修改后重新申请', 'A leave is changed and resubmitted only at the step 调整申请 (adjust)');
const NO_TASK = t('任务不存在或已办理', 'The task does not exist or has been handled');
const LONG_COMMENT = t('说明不能超过 500 个字符', 'The comment may not exceed 500 characters');

const CHANGE = {
  heading: t('修改后重新申请：', 'Changed and resubmitted: '),
  none: t('未修改，重新申请', 'Resubmitted unchanged'),
  leaveType: t('请假类型', 'leave type'),
  period: t('请假时间', 'period'),
  days: t('请假天数', 'days'),
  reason: t('请假理由已修改', 'reason changed'),
  attachments: t('附件', 'attachments'),
};

/** What changed between the leave as it was and as resubmitted, as the history's comment says it. */
function changeText(before: LeaveInput, after: LeaveInput, typeName: (key: string) => string, lang: Lang): string {
  const parts: string[] = [];
  if (before.leaveType !== after.leaveType) parts.push(`${CHANGE.leaveType[lang]} ${typeName(before.leaveType)} → ${typeName(after.leaveType)}`);
  if (before.startTime !== after.startTime || before.endTime !== after.endTime) {
    parts.push(`${CHANGE.period[lang]} ${before.startTime.slice(0, 16)}~${before.endTime.slice(0, 16)} → ${after.startTime.slice(0, 16)}~${after.endTime.slice(0, 16)}`);
  }
  if (before.days !== after.days) parts.push(`${CHANGE.days[lang]} ${before.days} → ${after.days}`);
  if (before.reason !== after.reason) parts.push(CHANGE.reason[lang]);
  const count = (v: string | null) => (v ? v.split(',').length : 0);
  if ((before.attachments ?? '') !== (after.attachments ?? '')) parts.push(`${CHANGE.attachments[lang]} ${count(before.attachments)} → ${count(after.attachments)}`);
  return parts.length === 0 ? CHANGE.none[lang] : CHANGE.heading[lang] + parts.join(lang === 'zh' ? '；' : '; ');
}

/**
 * The applicant resubmits a rejected leave with changes (period, days, reason, type,
 * attachments): the form is checked as on the first application, the leave row takes the new
 * values and the adjust task completes with `pass` in one step; the task's comment records what
 * changed, so the history shows it. The approver stays the one first chosen.
 */
export async function resubmitLeave(db: Db, labels: DictionaryLabels, workflow: Workflow, caller: Caller, body: Record<string, unknown>, lang: Lang): Promise<InstanceRow> {
  const taskId = typeof body.taskId === 'string' || typeof body.taskId === 'number' ? String(body.taskId).trim() : '';
  const task = taskId ? await workflow.instances.task(caller.tenantId, taskId) : null;
  if (!task || task.status !== 'open') throw badRequest(NO_TASK);
  if (task.activityId !== ADJUST_TASK) throw badRequest(NOT_ADJUSTING);
  if (task.assignee !== caller.userId) throw forbidden();
  const instance = await workflow.instances.instance(caller.tenantId, task.instanceId);
  const leave = instance?.businessId ? await leaveView(db, labels, caller.tenantId, instance.businessId) : null;
  if (!instance || !leave) throw badRequest(NO_TASK);
  const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
  if (comment.length > 500) throw badRequest(LONG_COMMENT);
  const after = await checkLeave(db, labels, caller, { ...body, taskUser: leave.taskUser }, lang);
  const before: LeaveInput = {
    leaveType: String(leave.leaveType), startTime: String(leave.startTime), endTime: String(leave.endTime), days: leave.days,
    reason: String(leave.reason), taskUser: String(leave.taskUser), attachments: leave.attachments.length > 0 ? leave.attachments.join(',') : null,
  };
  const types = await labels.labels('biz', caller.tenantId, 'leave_type');
  const changes = changeText(before, after, (key) => types.get(key) ?? key, lang);
  return workflow.instances.complete(caller, {
    taskId: task.id, processInstanceId: instance.id, flag: 'ok',
    comment: (comment ? `${comment}\n${changes}` : changes).slice(0, 1000),
    variables: { pass: true, days: after.days, leaveType: after.leaveType },
  }, async (trx) => {
    await trx.updateTable(PROCESS_LEAVE_TABLE).set({
      leave_type: after.leaveType, start_time: after.startTime, end_time: after.endTime, days: after.days, reason: after.reason,
      attachments: after.attachments, update_user: caller.userId, update_time: now(),
    }).where('id', '=', leave.id).where('tenant_id', '=', caller.tenantId).execute();
  });
}
