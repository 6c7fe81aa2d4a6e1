import { t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { PROCESS_LEAVE_TABLE } from '../../db/migrations/027-workflow.js';
import { LEAVE_KEY, checkLeave, insertLeave, leaveView } from './leave-process.js';
import { resubmitLeave } from './leave-resubmit.js';
import { canSeeInstance } from './process-history.js';
import { textParam } from './paging.js';
import type { Workflow } from './workflow.js';

const tags = ['Leave process (请假流程)'];
const NOT_LEAVE = t('该流程定义不是请假流程', 'That process definition is not the leave process');
const NO_LEAVE_PROCESS = t('请假流程尚未部署', 'The leave process has not been deployed');
const NO_LEAVE = t('请假单不存在', 'No such leave request');
const NEED_BUSINESS = t('请指定 businessId', 'businessId is required');

/** The leave process of DOMAIN 10.2: apply (start-process) and read a leave with its process. */
export function registerLeaveRoutes(app: FastifyInstance, workflow: Workflow): void {
  const { access, database, labels } = app.services;
  const { definitions, instances } = workflow;

  app.post('/blade-desk/process/leave/start-process', {
    schema: { tags, summary: 'Apply for leave: {processDefinitionId, leaveType, startTime, endTime, days, reason, taskUser, attachments}; answers the leave with its process' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'work_start_flow');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const leave = await checkLeave(database.db, labels, caller, body, req.lang);
    const definitionId = typeof body.processDefinitionId === 'string' ? body.processDefinitionId.trim() : '';
    const definition = definitionId ? await definitions.require(caller.tenantId, definitionId) : await definitions.latest(caller.tenantId, LEAVE_KEY);
    if (!definition) throw badRequest(NO_LEAVE_PROCESS);
    if (definition.key !== LEAVE_KEY) throw badRequest(NOT_LEAVE);
    const leaveId = ids.next();
    const instance = await instances.start(caller, definition,
      { taskUser: leave.taskUser, days: leave.days, leaveType: leave.leaveType, businessId: leaveId },
      { table: PROCESS_LEAVE_TABLE, id: leaveId, title: leave.reason.slice(0, 100) },
      (trx, instanceId) => insertLeave(trx, caller, leaveId, definition.id, instanceId, leave));
    return ok({ ...(await leaveView(database.db, labels, caller.tenantId, leaveId)), flow: flowOf(instance) }, req.lang);
  });

  app.post('/blade-desk/process/leave/resubmit', {
    schema: { tags, summary: 'At 调整申请, resubmit the leave with changes: {taskId, processInstanceId, comment, leaveType, startTime, endTime, days, reason, attachments}; the changes go into the history' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'work_todo_handle');
    const instance = await resubmitLeave(database.db, labels, workflow, caller, (req.body ?? {}) as Record<string, unknown>, req.lang);
    return ok({ ...(await leaveView(database.db, labels, caller.tenantId, String(instance.businessId))), flow: flowOf(instance) }, req.lang);
  });

  app.get('/blade-desk/process/leave/approver-select', {
    schema: { tags, summary: 'Approvers for the leave form: active users of the tenant other than the caller (keyword in the name or account; at most 50)', querystring: { type: 'object', properties: { keyword: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'work_start_flow');
    const keyword = textParam(req.query as Record<string, unknown>, 'keyword', 50);
    // A user's `dept_id` is text (it may list several departments); a user of one department shows its name.
    let query = database.db.selectFrom('blade_user as u')
      .leftJoin('blade_dept as d', (join) => join.on(sql<boolean>`cast(d.id as varchar(64)) = u.dept_id`))
      .select(['u.id', 'u.real_name', 'u.account', 'd.dept_name'])
      .where('u.tenant_id', '=', caller.tenantId).where('u.is_deleted', '=', 0).where('u.status', '=', 1).where('u.id', '<>', caller.userId);
    if (keyword) {
      // Wildcard characters typed into the search are ignored.
      const like = `%${keyword.replace(/[\\%_]/g, '')}%`;
      query = query.where((eb) => eb.or([eb('u.real_name', 'like', like), eb('u.account', 'like', like)]));
    }
    const rows = await query.orderBy('u.real_name').orderBy('u.id').limit(50).execute();
    return ok(rows.map((r) => ({ id: String(r.id), realName: String(r.real_name ?? r.account), account: String(r.account), deptName: r.dept_name === null ? null : String(r.dept_name) })), req.lang);
  });

  app.get('/blade-desk/process/leave/detail', {
    schema: { tags, summary: 'A leave with flow {processInstanceId, processIsFinished, currentTaskName}', querystring: { type: 'object', properties: { businessId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const businessId = textParam(req.query as Record<string, unknown>, 'businessId', 40);
    if (!businessId) throw badRequest(NEED_BUSINESS);
    const leave = await leaveView(database.db, labels, caller.tenantId, businessId);
    if (!leave || !leave.processInstanceId) throw badRequest(NO_LEAVE);
    const instance = await instances.instance(caller.tenantId, leave.processInstanceId);
    if (!instance) throw badRequest(NO_LEAVE);
    if (!(await canSeeInstance(database.db, access, caller, instance))) throw forbidden();
    const open = await instances.openTasks(caller.tenantId, instance.id);
    return ok({ ...leave, flow: { ...flowOf(instance), currentTaskKeys: open.map((task) => task.activityId) } }, req.lang);
  });
}

function flowOf(instance: { id: string; definitionId: string; status: string; currentTaskName: string | null; endActivityId: string | null; endTime: string | null }) {
  return {
    processInstanceId: instance.id, processDefinitionId: instance.definitionId, processIsFinished: instance.status !== 'running',
    currentTaskName: instance.currentTaskName, status: instance.status, endActivityId: instance.endActivityId, endTime: instance.endTime,
  };
}
