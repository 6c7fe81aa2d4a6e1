import { sql } from 'kysely';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/database.js';
import { FLOW_ACTIVITY_TABLE, FLOW_DEFINITION_TABLE, FLOW_INSTANCE_TABLE } from '../../db/migrations/027-workflow.js';

export type WorkList = 'claim' | 'todo' | 'send' | 'done';

export interface WorkQuery {
  current: number;
  size: number;
  /** Searched in the process name (like). */
  processDefinitionName?: string;
  /** Searched in the task name (like); the sent list searches its current task. */
  taskName?: string;
  /** Start time from / to (yyyy-MM-dd). */
  createTime_datege?: string;
  createTime_datele?: string;
}

const like = (text: string) => sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The work lists of 我的事务 (DOMAIN 16.1): tasks to claim (the caller is a candidate user or holds
 * a candidate group), to do (assigned to the caller), processes the caller started (sent) and
 * tasks the caller completed (done). Each record carries BladeX's field names.
 */
export async function workList(db: Db, caller: Caller, list: WorkList, query: WorkQuery) {
  const { current, size } = query;
  if (list === 'send') return sentList(db, caller, query);
  let q = db.selectFrom(`${FLOW_ACTIVITY_TABLE} as a`)
    .innerJoin(`${FLOW_INSTANCE_TABLE} as i`, 'i.id', 'a.instance_id')
    .innerJoin(`${FLOW_DEFINITION_TABLE} as d`, 'd.id', 'a.definition_id')
    .leftJoin('blade_user as su', 'su.id', 'i.start_user')
    .leftJoin('blade_user as au', 'au.id', 'a.assignee')
    .where('a.tenant_id', '=', caller.tenantId)
    .where('a.activity_type', '=', 'bpmn:UserTask');
  if (list === 'todo') q = q.where('a.status', '=', 'open').where('a.assignee', '=', caller.userId);
  if (list === 'done') q = q.where('a.status', '=', 'done').where('a.assignee', '=', caller.userId);
  if (list === 'claim') {
    const me = `%,${caller.userId},%`;
    q = q.where('a.status', '=', 'open').where('a.assignee', 'is', null).where((eb) => eb.or([
      eb(sql`',' || a.candidate_users || ','`, 'like', me),
      ...caller.roleAliases.map((alias) => eb(sql`',' || a.candidate_groups || ','`, 'like', `%,${alias.replace(/[\\%_]/g, (c) => `\\${c}`)},%`)),
    ]));
  }
  if (query.processDefinitionName) q = q.where('d.name', 'like', like(query.processDefinitionName));
  if (query.taskName) q = q.where('a.activity_name', 'like', like(query.taskName));
  const timeColumn = list === 'done' ? 'a.end_time' : 'a.create_time';
  if (query.createTime_datege) q = q.where(timeColumn, '>=', `${query.createTime_datege} 00:00:00`);
  if (query.createTime_datele) q = q.where(timeColumn, '<=', `${query.createTime_datele} 23:59:59`);
  const count = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const rows = await q.select([
    'a.id as task_id', 'a.activity_id', 'a.activity_name', 'a.assignee', 'a.candidate_groups', 'a.form_key', 'a.create_time',
    'a.claim_time', 'a.end_time as task_end_time', 'a.comment', 'a.outcome',
    'i.id as instance_id', 'i.business_table', 'i.business_id', 'i.start_user', 'i.start_time', 'i.status as instance_status',
    'i.current_task_name', 'd.id as definition_id', 'd.process_key', 'd.name as definition_name', 'd.version', 'd.category',
    'su.real_name as start_user_name', 'au.real_name as assignee_name',
  ]).orderBy(list === 'done' ? 'a.end_time' : 'a.create_time', 'desc').orderBy('a.id', 'desc')
    .limit(size).offset((current - 1) * size).execute();
  const records = rows.map((r) => ({
    taskId: String(r.task_id), taskName: str(r.activity_name), taskDefinitionKey: str(r.activity_id),
    assignee: str(r.assignee), assigneeName: str(r.assignee_name), candidateGroups: str(r.candidate_groups), formKey: str(r.form_key),
    createTime: str(r.create_time), claimTime: str(r.claim_time), historyTaskEndTime: str(r.task_end_time),
    comment: str(r.comment), flag: str(r.outcome),
    processInstanceId: String(r.instance_id), processDefinitionId: String(r.definition_id), processDefinitionKey: str(r.process_key),
    processDefinitionName: str(r.definition_name), processDefinitionVersion: Number(r.version), category: str(r.category),
    businessTable: str(r.business_table), businessId: str(r.business_id),
    startUser: str(r.start_user), startUserName: str(r.start_user_name), processStartTime: str(r.start_time),
    processIsFinished: r.instance_status !== 'running', currentTaskName: str(r.current_task_name), status: list,
  }));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

async function sentList(db: Db, caller: Caller, query: WorkQuery) {
  const { current, size } = query;
  let q = db.selectFrom(`${FLOW_INSTANCE_TABLE} as i`)
    .innerJoin(`${FLOW_DEFINITION_TABLE} as d`, 'd.id', 'i.definition_id')
    .leftJoin('blade_user as su', 'su.id', 'i.start_user')
    .where('i.tenant_id', '=', caller.tenantId).where('i.start_user', '=', caller.userId);
  if (query.processDefinitionName) q = q.where('d.name', 'like', like(query.processDefinitionName));
  if (query.taskName) q = q.where('i.current_task_name', 'like', like(query.taskName));
  if (query.createTime_datege) q = q.where('i.start_time', '>=', `${query.createTime_datege} 00:00:00`);
  if (query.createTime_datele) q = q.where('i.start_time', '<=', `${query.createTime_datele} 23:59:59`);
  const count = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const rows = await q.select([
    'i.id as instance_id', 'i.business_table', 'i.business_id', 'i.start_user', 'i.start_time', 'i.end_time', 'i.status',
    'i.end_activity_id', 'i.current_task_name', 'd.id as definition_id', 'd.process_key', 'd.name as definition_name', 'd.version',
    'd.category', 'su.real_name as start_user_name',
  ]).orderBy('i.start_time', 'desc').orderBy('i.id', 'desc').limit(size).offset((current - 1) * size).execute();
  const records = rows.map((r) => ({
    processInstanceId: String(r.instance_id), processDefinitionId: String(r.definition_id), processDefinitionKey: str(r.process_key),
    processDefinitionName: str(r.definition_name), processDefinitionVersion: Number(r.version), category: str(r.category),
    businessTable: str(r.business_table), businessId: str(r.business_id), startUser: str(r.start_user), startUserName: str(r.start_user_name),
    createTime: str(r.start_time), historyProcessEndTime: str(r.end_time), processIsFinished: r.status !== 'running',
    processStatus: str(r.status), endActivityId: str(r.end_activity_id), currentTaskName: str(r.current_task_name), status: 'send',
  }));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
