import type { Caller } from '../core/caller.js';
import { ids } from '../core/ids.js';
import { formatDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import { PROCESS_LEAVE_TABLE } from '../db/migrations/027-workflow.js';
import { insertLeave, type LeaveInput } from '../modules/workflow/leave-process.js';
import { LEAVE_BPMN } from '../modules/workflow/processes/leave-bpmn.js';
import { createWorkflow } from '../modules/workflow/workflow.js';
import { seedId } from './menu-tree.js';
import { ADMIN_USER_ID } from './platform-seed.js';

const USERS = 90, DEPTS = 92, DAY_MS = 86_400_000;

/** A demo account as the workflow sees its caller: [user row, dept row, role alias]. */
function account(row: number, deptRow: number, alias: string): Caller {
  return {
    userId: seedId(USERS, row), tenantId: '000000', account: alias, userName: alias, realName: alias, roleIds: [], roleAliases: [alias],
    deptIds: [seedId(DEPTS, deptRow)], deptId: seedId(DEPTS, deptRow), clientId: 'seed', isSuperAdmin: false, tokenId: '', refreshTokenId: '',
    expiresAt: 0, refreshExpiresAt: 0,
  };
}

/** A leave starting `inDays` days from today at 09:00 and ending `days` later at 18:00. */
function leave(inDays: number, days: number, leaveType: string, reason: string, taskUser: string): LeaveInput {
  const from = formatDateTime(new Date(Date.now() + inDays * DAY_MS)).slice(0, 10);
  const to = formatDateTime(new Date(Date.now() + (inDays + Math.ceil(days) - 1) * DAY_MS)).slice(0, 10);
  return { leaveType, startTime: `${from} 09:00:00`, endTime: `${to} 18:00:00`, days, reason, taskUser, attachments: null };
}

/**
 * The leave process (DOMAIN 10.2) deployed in both tenants, and the three leave requests of DOMAIN
 * 18.8, run through the workflow itself: `college` → `office`, 2 days, approved and finished;
 * `association` → `office`, 5 days, approved by `office` and waiting at 分管领导审批 for `leader`
 * to claim; `foundation` → `office`, 1 day, waiting in `office`'s to-do list.
 */
export async function seedLeaves(db: Db, demoTenant: string): Promise<void> {
  const { definitions, instances } = createWorkflow(db);
  await definitions.deploy(demoTenant, null, LEAVE_BPMN, 'leave.bpmn20.xml', '1');
  const definition = await definitions.deploy('000000', ADMIN_USER_ID, LEAVE_BPMN, 'leave.bpmn20.xml', '1');
  const office = account(2, 2, 'alumni_admin');
  const apply = async (who: Caller, input: LeaveInput) => {
    const leaveId = ids.next();
    const instance = await instances.start(who, definition,
      { taskUser: input.taskUser, days: input.days, leaveType: input.leaveType, businessId: leaveId },
      { table: PROCESS_LEAVE_TABLE, id: leaveId, title: input.reason },
      (trx, instanceId) => insertLeave(trx, who, leaveId, definition.id, instanceId, input));
    return instance;
  };
  const approve = async (instanceId: string, comment: string) => {
    const [task] = await instances.openTasks('000000', instanceId);
    if (!task) throw new Error(`leave ${instanceId} has no open task`);
    await instances.complete(office, { taskId: task.id, flag: 'ok', comment, variables: { pass: true } });
  };
  const finished = await apply(account(3, 4, 'college_secretary'), leave(3, 2, '1', '参加学院校友工作研讨会后调休处理家事', office.userId));
  await approve(finished.id, '同意，注意工作交接');
  const atLeader = await apply(account(4, 12, 'association_officer'), leave(7, 5, '3', '年休假，回老家探亲', office.userId));
  await approve(atLeader.id, '同意，超过3天请分管领导审批');
  await apply(account(5, 3, 'foundation_officer'), leave(1, 1, '2', '身体不适，需到医院复查', office.userId));
}
