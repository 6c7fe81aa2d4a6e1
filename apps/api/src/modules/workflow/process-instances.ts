import { t } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { AppError, badRequest, forbidden } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../../db/database.js';
import { FLOW_ACTIVITY_TABLE, FLOW_INSTANCE_TABLE } from '../../db/migrations/027-workflow.js';
import type { ProcessDefinition, ProcessDefinitions } from './process-definitions.js';
import type { ProcessModel } from './process-model.js';
import { fireTimer, signalProcess, startProcess, type StepResult, type WaitingTimer } from './process-runner.js';
import { resolveTemplate } from './safe-expression.js';
import { isCandidate, splitList } from './task-access.js';

const SUSPENDED = t('该流程已挂起，不能发起', 'The process is suspended and cannot be started');
const NO_TASK = t('任务不存在或已办理', 'The task does not exist or has been handled');
const CLAIMED = t('该任务已被签收', 'The task has already been claimed');
const NOT_RUNNING = t('流程实例不存在或已结束', 'The process instance does not exist or has ended');
const BUSY = t('该流程正在被他人处理，请刷新后重试', 'Someone else is handling this process; refresh and try again');
const WRONG_INSTANCE = t('任务不属于该流程实例', 'The task does not belong to that process instance');
const BAD_ASSIGNEE = t('任务 {task} 的办理人 {value} 不是本租户的用户', 'The assignee {value} of task {task} is not a user of the tenant');

/** A running or ended process as stored. */
export interface InstanceRow {
  id: string;
  tenantId: string;
  definitionId: string;
  processKey: string;
  businessTable: string | null;
  businessId: string | null;
  startUser: string;
  startTime: string;
  endTime: string | null;
  status: 'running' | 'finished' | 'deleted';
  endActivityId: string | null;
  currentTaskName: string | null;
  state: string;
  revision: number;
}

export interface TaskRow {
  id: string;
  tenantId: string;
  instanceId: string;
  definitionId: string;
  activityId: string;
  activityName: string;
  status: string;
  assignee: string | null;
  candidateUsers: string | null;
  candidateGroups: string | null;
  formKey: string | null;
}

const toInstance = (r: Record<string, unknown>): InstanceRow => ({
  id: String(r.id), tenantId: String(r.tenant_id), definitionId: String(r.definition_id), processKey: String(r.process_key),
  businessTable: r.business_table === null ? null : String(r.business_table), businessId: r.business_id === null ? null : String(r.business_id),
  startUser: String(r.start_user), startTime: String(r.start_time), endTime: r.end_time === null ? null : String(r.end_time),
  status: String(r.status) as InstanceRow['status'], endActivityId: r.end_activity_id === null ? null : String(r.end_activity_id),
  currentTaskName: r.current_task_name === null ? null : String(r.current_task_name), state: String(r.state), revision: Number(r.revision),
});

export const toTask = (r: Record<string, unknown>): TaskRow => ({
  id: String(r.id), tenantId: String(r.tenant_id), instanceId: String(r.instance_id), definitionId: String(r.definition_id),
  activityId: String(r.activity_id), activityName: String(r.activity_name ?? r.activity_id), status: String(r.status),
  assignee: r.assignee === null ? null : String(r.assignee),
  candidateUsers: r.candidate_users === null ? null : String(r.candidate_users),
  candidateGroups: r.candidate_groups === null ? null : String(r.candidate_groups),
  formKey: r.form_key === null ? null : String(r.form_key),
});

/** What a completion sends (DOMAIN 10.2): the outcome flag, a comment and process variables. */
export interface Completion {
  taskId: string;
  processInstanceId?: string;
  flag: 'ok' | 'no';
  comment: string;
  variables: Record<string, unknown>;
}

/**
 * Called inside the step's transaction for every timer the step set: sends the job that wakes the
 * instance when the timer is due (process-timers.ts).
 */
export type TimerScheduler = (trx: Db, instance: InstanceRow, timer: WaitingTimer) => Promise<void>;

/** Called inside the step's transaction, before it commits: the business record follows the process. */
export type StepListener = (trx: Db, instance: InstanceRow, result: StepResult, task: TaskRow | null) => Promise<void>;

/**
 * Process instances: started from a definition and advanced one step at a time. Each step loads
 * the saved engine state, runs it in memory, and saves the new state with its tasks and history
 * in one transaction; the instance row is locked (PostgreSQL) and its revision checked, so two
 * API processes never advance the same instance at once and an instance survives any restart.
 */
export class ProcessInstances {
  private readonly listeners = new Map<string, StepListener>();

  private readonly locks: boolean;

  constructor(private readonly db: Db, private readonly definitions: ProcessDefinitions, private readonly scheduleTimer: TimerScheduler | null = null) {
    // PostgreSQL locks the instance row; SQLite serialises writers and the revision check does the rest.
    this.locks = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Runs `work` in a transaction, or in the caller's when the workflow was built on one (the seed). */
  private within<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  /** Runs `listener` in the transaction of every step of processes of this key. */
  onStep(processKey: string, listener: StepListener): void {
    this.listeners.set(processKey, listener);
  }

  async start(caller: Pick<Caller, 'tenantId' | 'userId'>, definition: ProcessDefinition, variables: Record<string, unknown>,
    business: { table: string; id: string; title: string } | null, beforeCommit?: (trx: Db, instanceId: string) => Promise<void>): Promise<InstanceRow> {
    if (definition.suspended) throw badRequest(SUSPENDED);
    const model = await this.definitions.model(definition);
    const all = { ...variables, ...(model.initiator ? { [model.initiator]: caller.userId } : {}) };
    const result = await startProcess(definition.key, model.context, all);
    const instanceId = ids.next();
    const time = now();
    const instance: InstanceRow = {
      id: instanceId, tenantId: caller.tenantId, definitionId: definition.id, processKey: definition.key,
      businessTable: business?.table ?? null, businessId: business?.id ?? null, startUser: caller.userId, startTime: time,
      endTime: null, status: 'running', endActivityId: null, currentTaskName: null, state: result.state, revision: 0,
    };
    return this.within(async (trx) => {
      await beforeCommit?.(trx, instanceId);
      return this.saveStep(trx, instance, model, result, null, true);
    });
  }

  async instance(tenantId: string, id: string): Promise<InstanceRow | null> {
    if (!/^\d{1,19}$/.test(id)) return null;
    const row = await this.db.selectFrom(FLOW_INSTANCE_TABLE).selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ? toInstance(row) : null;
  }

  async task(tenantId: string, id: string): Promise<TaskRow | null> {
    if (!/^\d{1,19}$/.test(id)) return null;
    const row = await this.db.selectFrom(FLOW_ACTIVITY_TABLE).selectAll()
      .where('id', '=', id).where('tenant_id', '=', tenantId).where('activity_type', '=', 'bpmn:UserTask').executeTakeFirst();
    return row ? toTask(row) : null;
  }

  /** The open tasks of an instance. */
  async openTasks(tenantId: string, instanceId: string): Promise<TaskRow[]> {
    const rows = await this.db.selectFrom(FLOW_ACTIVITY_TABLE).selectAll().where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId).where('status', '=', 'open').orderBy('seq').execute();
    return rows.map(toTask);
  }

  /** Claims a candidate task: it becomes the caller's (403 when the caller is no candidate). */
  async claim(caller: Caller, taskId: string): Promise<void> {
    const task = await this.task(caller.tenantId, taskId);
    if (!task || task.status !== 'open') throw badRequest(NO_TASK);
    if (task.assignee) {
      if (task.assignee === caller.userId) return;
      throw badRequest(CLAIMED);
    }
    if (!isCandidate(caller, task)) throw forbidden();
    const updated = await this.db.updateTable(FLOW_ACTIVITY_TABLE).set({ assignee: caller.userId, claim_time: now() })
      .where('id', '=', taskId).where('status', '=', 'open').where('assignee', 'is', null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw badRequest(CLAIMED);
  }

  /** Completes the caller's task with its outcome and runs the process to its next wait or its end. */
  async complete(caller: Caller, completion: Completion, beforeCommit?: (trx: Db, task: TaskRow) => Promise<void>): Promise<InstanceRow> {
    const task = await this.task(caller.tenantId, completion.taskId);
    if (!task || task.status !== 'open') throw badRequest(NO_TASK);
    if (completion.processInstanceId && completion.processInstanceId !== task.instanceId) throw badRequest(WRONG_INSTANCE);
    // Only the assignee completes; a candidate claims first.
    if (task.assignee !== caller.userId) throw forbidden();
    return this.advance(caller.tenantId, task.instanceId, async (trx, instance, model) => {
      const fresh = await trx.selectFrom(FLOW_ACTIVITY_TABLE).select(['status', 'assignee']).where('id', '=', task.id).executeTakeFirst();
      if (!fresh || fresh.status !== 'open') throw badRequest(NO_TASK);
      if (String(fresh.assignee) !== caller.userId) throw forbidden();
      const result = await signalProcess(instance.processKey, instance.state, task.activityId, completion.variables, { flag: completion.flag });
      await trx.updateTable(FLOW_ACTIVITY_TABLE).set({
        status: 'done', outcome: completion.flag, comment: completion.comment || null, end_time: now(),
      }).where('id', '=', task.id).execute();
      await beforeCommit?.(trx, task);
      return { result, task };
    }) as Promise<InstanceRow>;
  }

  /**
   * Wakes an instance for the timer of `elementId` (the timer job): the timer completes if it is due
   * and the process runs to its next wait. Answers false, changing nothing, when the instance no
   * longer runs or no timer fired (its task was completed or cancelled first).
   */
  async fireTimer(tenantId: string, instanceId: string, elementId: string, dueBy: Date): Promise<boolean> {
    const instance = await this.instance(tenantId, instanceId);
    if (!instance || instance.status !== 'running') return false;
    const saved = await this.advance(tenantId, instanceId, async (_trx, row) => {
      const result = await fireTimer(row.processKey, row.state, elementId, dueBy);
      return result ? { result, task: null } : null;
    }).catch((error: unknown) => {
      // Stopped or ended between the read and the lock: nothing to wake.
      if (error instanceof AppError && error.text === NOT_RUNNING) return null;
      throw error;
    });
    return saved !== null;
  }

  /** Stops a running instance (流程跟踪 → 删除): its open tasks are cancelled, the reason is kept. */
  async stop(caller: Caller, instanceId: string, reason: string): Promise<void> {
    const instance = await this.instance(caller.tenantId, instanceId);
    if (!instance || instance.status !== 'running') throw badRequest(NOT_RUNNING);
    await this.within(async (trx) => {
      const updated = await trx.updateTable(FLOW_INSTANCE_TABLE)
        .set({ status: 'deleted', end_time: now(), current_task_name: null, revision: instance.revision + 1, update_time: now() })
        .where('id', '=', instanceId).where('revision', '=', instance.revision).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw badRequest(BUSY);
      await trx.updateTable(FLOW_ACTIVITY_TABLE).set({ status: 'cancelled', end_time: now(), comment: reason || null })
        .where('instance_id', '=', instanceId).where('status', '=', 'open').execute();
      const listener = this.listeners.get(instance.processKey);
      if (listener) await listener(trx, { ...instance, status: 'deleted' }, { state: instance.state, finished: true, waiting: [], passed: [], variables: {}, timers: [] }, null);
    });
  }

  /** One step under the instance's lock: load, run, save; a concurrent step makes this one fail cleanly. */
  private async advance(tenantId: string, instanceId: string,
    run: (trx: Db, instance: InstanceRow, model: ProcessModel) => Promise<{ result: StepResult; task: TaskRow | null } | null>): Promise<InstanceRow | null> {
    return this.within(async (trx) => {
      let query = trx.selectFrom(FLOW_INSTANCE_TABLE).selectAll().where('id', '=', instanceId).where('tenant_id', '=', tenantId);
      if (this.locks) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row || row.status !== 'running') throw badRequest(NOT_RUNNING);
      const instance = toInstance(row);
      const definition = await this.definitions.require(tenantId, instance.definitionId, trx);
      const model = await this.definitions.model(definition);
      const step = await run(trx, instance, model);
      return step ? this.saveStep(trx, instance, model, step.result, step.task, false) : null;
    });
  }

  /** Writes a step: the instance's new state and revision, the tasks now waiting, the events passed. */
  private async saveStep(trx: Db, instance: InstanceRow, model: ProcessModel, result: StepResult, done: TaskRow | null,
    isNew: boolean): Promise<InstanceRow> {
    const time = now();
    const open = isNew ? [] : (await trx.selectFrom(FLOW_ACTIVITY_TABLE).selectAll().where('instance_id', '=', instance.id)
      .where('status', '=', 'open').execute()).map(toTask);
    const seqBase = (instance.revision + 1) * 1000;
    let seq = 0;
    for (const event of result.passed) {
      await trx.insertInto(FLOW_ACTIVITY_TABLE).values({
        id: ids.next(), tenant_id: instance.tenantId, instance_id: instance.id, definition_id: instance.definitionId,
        activity_id: event.id, activity_name: model.names.get(event.id) ?? event.name, activity_type: event.type, status: 'done',
        assignee: event.type === 'bpmn:StartEvent' ? instance.startUser : null, create_time: time, end_time: time, seq: seqBase + (seq += 1),
      }).execute();
    }
    // Tasks still waiting keep their row; tasks no longer waiting (other than the one done) are cancelled.
    const stillOpen = new Set<string>();
    for (const task of open) {
      if (done && task.id === done.id) continue;
      if (result.waiting.some((w) => w.id === task.activityId)) stillOpen.add(task.activityId);
      else await trx.updateTable(FLOW_ACTIVITY_TABLE).set({ status: 'cancelled', end_time: time }).where('id', '=', task.id).execute();
    }
    const names: string[] = [];
    for (const waiting of result.waiting) {
      const rule = model.tasks.get(waiting.id);
      if (!rule) {
        // A timer or message wait has no task; an intermediate timer names the step the process is at.
        if (waiting.type === 'bpmn:IntermediateCatchEvent') names.push(model.names.get(waiting.id) ?? waiting.name);
        continue;
      }
      names.push(rule.name);
      if (stillOpen.has(waiting.id)) continue;
      const assignee = await this.resolveAssignee(trx, instance.tenantId, rule.assignee, result.variables, rule.name);
      const candidateUsers = rule.candidateUsers ? splitList(String(resolveTemplate(rule.candidateUsers, result.variables) ?? '')).join(',') : null;
      const candidateGroups = rule.candidateGroups ? splitList(String(resolveTemplate(rule.candidateGroups, result.variables) ?? '')).join(',') : null;
      await trx.insertInto(FLOW_ACTIVITY_TABLE).values({
        id: ids.next(), tenant_id: instance.tenantId, instance_id: instance.id, definition_id: instance.definitionId,
        activity_id: waiting.id, activity_name: rule.name, activity_type: 'bpmn:UserTask', status: 'open',
        assignee, candidate_users: candidateUsers || null, candidate_groups: candidateGroups || null, form_key: rule.formKey,
        create_time: time, claim_time: null, seq: seqBase + (seq += 1),
      }).execute();
    }
    const ended = result.passed.filter((p) => p.type === 'bpmn:EndEvent').at(-1);
    const next: InstanceRow = {
      ...instance, state: result.state, revision: instance.revision + 1,
      status: result.finished ? 'finished' : 'running', endTime: result.finished ? time : null,
      endActivityId: result.finished ? (ended?.id ?? null) : null, currentTaskName: result.finished ? null : (names.join(',') || null),
    };
    const values = {
      state: next.state, revision: next.revision, status: next.status, end_time: next.endTime, end_activity_id: next.endActivityId,
      current_task_name: next.currentTaskName?.slice(0, 255) ?? null, update_time: time,
    };
    if (isNew) {
      await trx.insertInto(FLOW_INSTANCE_TABLE).values({
        id: instance.id, tenant_id: instance.tenantId, definition_id: instance.definitionId, process_key: instance.processKey,
        business_table: instance.businessTable, business_id: instance.businessId, title: null, start_user: instance.startUser,
        start_time: instance.startTime, ...values,
      }).execute();
    } else {
      const updated = await trx.updateTable(FLOW_INSTANCE_TABLE).set(values)
        .where('id', '=', instance.id).where('revision', '=', instance.revision).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(400, BUSY);
    }
    if (this.scheduleTimer) for (const timer of result.timers) if (timer.isNew) await this.scheduleTimer(trx, next, timer);
    const listener = this.listeners.get(instance.processKey);
    if (listener) await listener(trx, next, result, done);
    return next;
  }

  private async resolveAssignee(trx: Db, tenantId: string, template: string | null, variables: Record<string, unknown>, task: string): Promise<string | null> {
    if (!template) return null;
    const value = String(resolveTemplate(template, variables) ?? '').trim();
    if (!value) return null;
    const user = /^\d{1,19}$/.test(value)
      ? await trx.selectFrom('blade_user').select('id').where('id', '=', value).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst()
      : undefined;
    if (!user) throw badRequest(BAD_ASSIGNEE, { task, value });
    return value;
  }
}
