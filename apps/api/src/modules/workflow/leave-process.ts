import { ONE_DAY_MS, t, type Lang } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { invalidFields } from '../../core/errors.js';
import { formatDateTime, now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { PROCESS_LEAVE_TABLE } from '../../db/migrations/027-workflow.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { InstanceRow, StepListener } from './process-instances.js';

/** The leave process's key (DOMAIN 10.2; dictionary `flow` key 1, remark `leave`). */
export const LEAVE_KEY = 'leave';

/** `status` of a leave: 1 in approval, 2 approved, 3 given up (or stopped). */
export const LEAVE_STATUS = { running: 1, approved: 2, withdrawn: 3 } as const;

/** The leave as its form sends it, checked. */
export interface LeaveInput {
  leaveType: string;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser: string;
  attachments: string | null;
}

const M = {
  required: (zh: string, en: string) => t(`请填写${zh}`, `${en} is required`),
  leaveType: t('请假类型不在字典 leave_type 中', 'The leave type is not in the leave_type dictionary'),
  time: t('时间格式应为 yyyy-MM-dd HH:mm:ss', 'Times are written yyyy-MM-dd HH:mm:ss'),
  startPast: t('开始时间不能早于今天', 'The leave cannot start before today'),
  endOrder: t('结束时间应晚于开始时间', 'The end must be after the start'),
  days: t('请假天数应为 0.5 到 365 之间、以 0.5 为单位的数字', 'Days must be a number from 0.5 to 365 in steps of 0.5'),
  daysSpan: t('请假天数不能超过开始与结束之间的天数', 'Days cannot exceed the calendar days between the start and the end'),
  reason: t('请假理由不能超过 500 个字符', 'The reason may not exceed 500 characters'),
  taskUser: t('审批人应为本租户的其他用户', 'The approver must be another user of the tenant'),
  attachments: t('附件最多 3 个', 'At most 3 attachments'),
};

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function attachmentList(value: unknown): string[] | null {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (!list) return null;
  const links = list.map((v) => (typeof v === 'object' && v !== null && 'link' in v ? String((v as { link: unknown }).link) : String(v)).trim()).filter(Boolean);
  return links.every((l) => l.length <= 500) ? links : null;
}

/** Checks a leave form (DOMAIN 10.2); every fault is named by its field, in the caller's language. */
export async function checkLeave(db: Db, labels: DictionaryLabels, caller: Caller, body: Record<string, unknown>, lang: Lang): Promise<LeaveInput> {
  const errors: Record<string, string> = {};
  const fail = (field: string, text: { zh: string; en: string }) => { errors[field] ??= text[lang]; };
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : body[name] === undefined || body[name] === null ? '' : String(body[name]).trim());

  const leaveType = text('leaveType');
  if (!leaveType) fail('leaveType', M.required('请假类型', 'Leave type'));
  else if (!(await labels.labels('biz', caller.tenantId, 'leave_type')).has(leaveType)) fail('leaveType', M.leaveType);

  const startTime = text('startTime');
  const endTime = text('endTime');
  if (!startTime) fail('startTime', M.required('开始时间', 'From'));
  else if (!DATETIME.test(startTime) || Number.isNaN(Date.parse(startTime.replace(' ', 'T')))) fail('startTime', M.time);
  else if (startTime.slice(0, 10) < formatDateTime(new Date(Date.now() - ONE_DAY_MS)).slice(0, 10)) fail('startTime', M.startPast);
  if (!endTime) fail('endTime', M.required('结束时间', 'To'));
  else if (!DATETIME.test(endTime) || Number.isNaN(Date.parse(endTime.replace(' ', 'T')))) fail('endTime', M.time);
  else if (DATETIME.test(startTime) && endTime <= startTime) fail('endTime', M.endOrder);

  const rawDays = body.days;
  const days = typeof rawDays === 'number' ? rawDays : typeof rawDays === 'string' && rawDays.trim() !== '' ? Number(rawDays) : NaN;
  if (rawDays === undefined || rawDays === null || rawDays === '') fail('days', M.required('请假天数', 'Days'));
  else if (!Number.isFinite(days) || days < 0.5 || days > 365 || !Number.isInteger(days * 2)) fail('days', M.days);
  else if (!errors.startTime && !errors.endTime && startTime && endTime) {
    const span = Math.round((Date.parse(`${endTime.slice(0, 10)}T00:00:00Z`) - Date.parse(`${startTime.slice(0, 10)}T00:00:00Z`)) / ONE_DAY_MS) + 1;
    if (days > span) fail('days', M.daysSpan);
  }

  const reason = text('reason');
  if (!reason) fail('reason', M.required('请假理由', 'Reason'));
  else if (reason.length > 500) fail('reason', M.reason);

  const taskUser = text('taskUser');
  if (!taskUser) fail('taskUser', M.required('审批人', 'Approver'));
  else {
    const user = /^\d{1,19}$/.test(taskUser) && taskUser !== caller.userId
      ? await db.selectFrom('blade_user').select('id').where('id', '=', taskUser).where('tenant_id', '=', caller.tenantId)
        .where('is_deleted', '=', 0).where('status', '=', 1).executeTakeFirst()
      : undefined;
    if (!user) fail('taskUser', M.taskUser);
  }

  const attachments = attachmentList(body.attachments);
  if (!attachments || attachments.length > 3 || attachments.join(',').length > 2000) fail('attachments', M.attachments);

  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return { leaveType, startTime, endTime, days, reason, taskUser, attachments: attachments && attachments.length > 0 ? attachments.join(',') : null };
}

/** Writes the leave row of a starting process, in the transaction that starts it. */
export async function insertLeave(trx: Db, caller: Caller, id: string, definitionId: string, instanceId: string, leave: LeaveInput): Promise<void> {
  const time = now();
  await trx.insertInto(PROCESS_LEAVE_TABLE).values({
    id, tenant_id: caller.tenantId, process_definition_id: definitionId, process_instance_id: instanceId,
    leave_type: leave.leaveType, start_time: leave.startTime, end_time: leave.endTime, days: leave.days, reason: leave.reason,
    task_user: leave.taskUser, attachments: leave.attachments, apply_time: time, create_user: caller.userId, create_dept: caller.deptId,
    create_time: time, update_user: caller.userId, update_time: time, status: LEAVE_STATUS.running, is_deleted: 0,
  }).execute();
}

/** The leave follows its process: approved at the end event 结束, withdrawn when given up or stopped. */
export const syncLeave: StepListener = async (trx, instance: InstanceRow) => {
  if (instance.status === 'running' || !instance.businessId) return;
  const status = instance.status === 'finished' && instance.endActivityId === 'end' ? LEAVE_STATUS.approved : LEAVE_STATUS.withdrawn;
  await trx.updateTable(PROCESS_LEAVE_TABLE).set({ status, update_time: now() })
    .where('id', '=', instance.businessId).where('tenant_id', '=', instance.tenantId).execute();
};

/** A leave row as the detail answers it, names resolved. */
export async function leaveView(db: Db, labels: DictionaryLabels, tenantId: string, id: string) {
  if (!/^\d{1,19}$/.test(id)) return null;
  const row = await db.selectFrom(`${PROCESS_LEAVE_TABLE} as l`)
    .leftJoin('blade_user as tu', 'tu.id', 'l.task_user').leftJoin('blade_user as cu', 'cu.id', 'l.create_user')
    .leftJoin('blade_dept as cd', 'cd.id', 'l.create_dept')
    .select(['l.id', 'l.process_definition_id', 'l.process_instance_id', 'l.leave_type', 'l.start_time', 'l.end_time', 'l.days', 'l.reason',
      'l.task_user', 'l.attachments', 'l.apply_time', 'l.create_user', 'l.create_time', 'l.status', 'tu.real_name as task_user_name',
      'cu.real_name as create_user_name', 'cd.dept_name as create_dept_name'])
    .where('l.id', '=', id).where('l.tenant_id', '=', tenantId).where('l.is_deleted', '=', 0).executeTakeFirst();
  if (!row) return null;
  const types = await labels.labels('biz', tenantId, 'leave_type');
  const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: String(row.id), processDefinitionId: s(row.process_definition_id), processInstanceId: s(row.process_instance_id),
    leaveType: s(row.leave_type), leaveTypeName: types.get(String(row.leave_type)) ?? s(row.leave_type),
    startTime: s(row.start_time), endTime: s(row.end_time), days: Number(row.days), reason: s(row.reason),
    taskUser: s(row.task_user), taskUserName: s(row.task_user_name),
    attachments: row.attachments ? String(row.attachments).split(',') : [],
    applyTime: s(row.apply_time), createUser: s(row.create_user), createUserName: s(row.create_user_name),
    createDeptName: s(row.create_dept_name), createTime: s(row.create_time), status: Number(row.status),
  };
}
