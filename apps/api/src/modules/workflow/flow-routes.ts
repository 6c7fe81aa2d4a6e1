import multipart from '@fastify/multipart';
import { t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, forbidden } from '../../core/errors.js';
import type { Database } from '../../db/database.js';
import { FLOW_INSTANCE_TABLE, FLOW_DEFINITION_TABLE } from '../../db/migrations/027-workflow.js';
import { LEAVE_KEY } from './leave-process.js';
import { definitionView, modelView, type ProcessDefinition } from './process-definitions.js';
import { canSeeInstance, historyFlowList } from './process-history.js';
import type { Completion } from './process-instances.js';
import { dateParam, paging, textParam } from './paging.js';
import { workList, type WorkList } from './work-lists.js';
import type { Workflow } from './workflow.js';
import { sql } from 'kysely';

const tags = ['Workflow (工作流)'];
const NO_INSTANCE = t('流程实例不存在', 'No such process instance');
const NEED_ID = t('请指定 {name}', '{name} is required');
const BAD_STATE = t('state 只能是 active 或 suspend', 'state must be active or suspend');
const BAD_FLAG = t('flag 只能是 ok 或 no', 'flag must be ok or no');
const NEED_COMMENT = t('驳回时请填写审批意见', 'A rejection needs a comment');
const LONG_COMMENT = t('审批意见不能超过 500 个字符', 'The comment may not exceed 500 characters');
const BAD_VARIABLES = t('variables 只能包含名称为字母开头的简单值（文本、数字、布尔）', 'variables may only hold simple values (text, number, boolean) under names starting with a letter');
const PASS_MISMATCH = t('variables.pass 与 flag 不一致', 'variables.pass contradicts flag');
const NO_FILE = t('请上传 .bpmn 或 .bpmn20.xml 流程文件', 'Upload a .bpmn or .bpmn20.xml process file');
const HAS_FORM = t('该流程有自己的申请表单，请从表单发起', 'This process has a form of its own: start it from the form');
const RESERVED_VARIABLES = new Set(['applyUser', 'taskUser', 'businessId', 'days', 'leaveType', 'initiator']);

const idParam = (query: Record<string, unknown>, name: string): string => {
  const value = textParam(query, name, 40);
  if (!value) throw badRequest(NEED_ID, { name });
  return value;
};

/** The body of complete-task (DOMAIN 10.2), checked: nothing is run with a malformed one. */
export function readCompletion(body: Record<string, unknown>): Completion {
  const taskId = typeof body.taskId === 'string' || typeof body.taskId === 'number' ? String(body.taskId).trim() : '';
  if (!taskId) throw badRequest(NEED_ID, { name: 'taskId' });
  const flag = body.flag === undefined || body.flag === null || body.flag === '' ? 'ok' : body.flag;
  if (flag !== 'ok' && flag !== 'no') throw badRequest(BAD_FLAG);
  const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
  if (comment.length > 500) throw badRequest(LONG_COMMENT);
  const raw = body.variables ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest(BAD_VARIABLES);
  const variables: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const simple = typeof value === 'string' ? value.length <= 500 : typeof value === 'number' ? Number.isFinite(value) : typeof value === 'boolean';
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name) || !simple || RESERVED_VARIABLES.has(name)) throw badRequest(BAD_VARIABLES);
    variables[name] = value;
  }
  if (variables.pass === undefined) variables.pass = flag === 'ok';
  else if (typeof variables.pass !== 'boolean' || variables.pass !== (flag === 'ok')) throw badRequest(PASS_MISMATCH);
  if (flag === 'no' && !comment) throw badRequest(NEED_COMMENT);
  const processInstanceId = typeof body.processInstanceId === 'string' && body.processInstanceId.trim() ? body.processInstanceId.trim() : undefined;
  return { taskId, processInstanceId, flag, comment, variables };
}

async function categoryNames(app: FastifyInstance, tenantId: string): Promise<Map<string, string>> {
  return app.services.labels.labels('system', tenantId, 'flow');
}

const categoryKey = (value: string | undefined) => (value ? value.replace(/^flow_/, '') : undefined);

/** Running instances (流程跟踪), newest first; searched by process name and starter. */
async function followList(database: Database, caller: Caller, query: Record<string, unknown>) {
  const { current, size } = paging(query);
  let q = database.db.selectFrom(`${FLOW_INSTANCE_TABLE} as i`).innerJoin(`${FLOW_DEFINITION_TABLE} as d`, 'd.id', 'i.definition_id')
    .leftJoin('blade_user as u', 'u.id', 'i.start_user')
    .where('i.tenant_id', '=', caller.tenantId).where('i.status', '=', 'running');
  const name = textParam(query, 'processDefinitionName');
  if (name) q = q.where('d.name', 'like', sql<string>`${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  const key = textParam(query, 'processDefinitionKey', 64);
  if (key) q = q.where('d.process_key', '=', key);
  const instanceId = textParam(query, 'processInstanceId', 40);
  if (instanceId) q = q.where('i.id', '=', /^\d{1,19}$/.test(instanceId) ? instanceId : '0');
  const count = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const rows = await q.select(['i.id', 'i.definition_id', 'i.business_id', 'i.business_table', 'i.start_user', 'i.start_time', 'i.current_task_name',
    'd.process_key', 'd.name', 'd.version', 'd.suspended', 'u.real_name'])
    .orderBy('i.start_time', 'desc').orderBy('i.id', 'desc').limit(size).offset((current - 1) * size).execute();
  const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const records = rows.map((r) => ({
    processInstanceId: String(r.id), processDefinitionId: String(r.definition_id), processDefinitionKey: s(r.process_key),
    processDefinitionName: s(r.name), processDefinitionVersion: Number(r.version), businessTable: s(r.business_table), businessId: s(r.business_id),
    startUser: s(r.start_user), startUserName: s(r.real_name), startTime: s(r.start_time), currentTaskName: s(r.current_task_name),
    suspensionState: Number(r.suspended) === 1 ? 2 : 1,
  }));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/**
 * The platform's workflow calls (`/blade-flow/...`): process definitions (部署管理, 流程管理), running
 * instances (流程跟踪), the work lists of 我的事务 with claim and complete, and an instance's history.
 */
export async function registerFlowRoutes(app: FastifyInstance, workflow: Workflow): Promise<void> {
  const { access, database } = app.services;
  const { definitions, instances } = workflow;
  const need = async (caller: Caller, code: string) => access.require(caller, code);
  const view = async (tenantId: string, list: ProcessDefinition[]) => {
    const names = await categoryNames(app, tenantId);
    return list.map((d) => definitionView(d, d.category ? names.get(d.category) ?? null : null));
  };

  for (const [list, code] of [['claim', 'work_claim'], ['todo', 'work_todo'], ['send', 'work_send'], ['done', 'work_done']] as [WorkList, string][]) {
    app.get(`/blade-flow/work/${list}-list`, {
      schema: { tags, summary: `Work list ${list} (paged; processDefinitionName, taskName like; createTime_datege/_datele)` },
    }, async (req) => {
      const caller = requireCaller(req.caller);
      await need(caller, code);
      const query = req.query as Record<string, unknown>;
      return ok(await workList(database.db, caller, list, {
        ...paging(query), processDefinitionName: textParam(query, 'processDefinitionName'), taskName: textParam(query, 'taskName'),
        createTime_datege: dateParam(query, 'createTime_datege'), createTime_datele: dateParam(query, 'createTime_datele'),
      }), req.lang);
    });
  }

  app.get('/blade-flow/work/start-list', {
    schema: { tags, summary: 'Processes the caller can start: the newest active version of each key (paged; name like, category)' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'work_start');
    const query = req.query as Record<string, unknown>;
    const { current, size } = paging(query);
    const page = await definitions.page(caller.tenantId, { current, size, name: textParam(query, 'name'), category: categoryKey(textParam(query, 'category')), latestOnly: true });
    return ok({ records: await view(caller.tenantId, page.rows), total: page.total, size, current, pages: Math.ceil(page.total / size) }, req.lang);
  });

  app.post('/blade-flow/work/start-process', {
    schema: { tags, summary: 'Start a process without a form of its own (processDefinitionId in the query or body): the newest active version the caller may start', querystring: { type: 'object', properties: { processDefinitionId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'work_start_flow');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const id = textParam(req.query as Record<string, unknown>, 'processDefinitionId', 40) ?? textParam(body, 'processDefinitionId', 40);
    if (!id) throw badRequest(NEED_ID, { name: 'processDefinitionId' });
    const definition = await definitions.require(caller.tenantId, id);
    if (definition.key === LEAVE_KEY) throw badRequest(HAS_FORM);
    const instance = await instances.start(caller, definition, {}, null);
    return ok({
      processInstanceId: instance.id, processDefinitionId: definition.id, processDefinitionKey: definition.key,
      processIsFinished: instance.status !== 'running', currentTaskName: instance.currentTaskName,
    }, req.lang);
  });

  app.post('/blade-flow/work/claim-task', {
    schema: { tags, summary: 'Claim a task the caller is a candidate for (403 otherwise)', querystring: { type: 'object', properties: { taskId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'work_claim_sign');
    await instances.claim(caller, idParam(req.query as Record<string, unknown>, 'taskId'));
    return ok(true, req.lang);
  });

  app.post('/blade-flow/work/complete-task', {
    schema: { tags, summary: 'Complete the caller\'s task: {taskId, processInstanceId, flag ok|no, comment, variables}' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'work_todo_handle');
    const completion = readCompletion((req.body ?? {}) as Record<string, unknown>);
    await instances.complete(caller, completion);
    return ok(true, req.lang);
  });

  app.get('/blade-flow/process/history-flow-list', {
    schema: { tags, summary: 'The steps of a process instance with handlers, comments and durations', querystring: { type: 'object', properties: { processInstanceId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const instance = await instances.instance(caller.tenantId, idParam(req.query as Record<string, unknown>, 'processInstanceId'));
    if (!instance) throw badRequest(NO_INSTANCE);
    if (!(await canSeeInstance(database.db, access, caller, instance))) throw forbidden();
    return ok(await historyFlowList(database.db, instance, req.lang), req.lang);
  });

  app.get('/blade-flow/process/diagram-view', {
    schema: { tags, summary: 'An instance\'s BPMN file with its done and current steps, for the highlighted diagram', querystring: { type: 'object', properties: { processInstanceId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const instance = await instances.instance(caller.tenantId, idParam(req.query as Record<string, unknown>, 'processInstanceId'));
    if (!instance) throw badRequest(NO_INSTANCE);
    if (!(await canSeeInstance(database.db, access, caller, instance))) throw forbidden();
    const definition = await definitions.require(caller.tenantId, instance.definitionId);
    const steps = await historyFlowList(database.db, instance, req.lang);
    return ok({
      xml: definition.xml,
      done: [...new Set(steps.filter((s) => s.status === 'done').map((s) => s.historyActivityId))],
      current: [...new Set(steps.filter((s) => s.status === 'open').map((s) => s.historyActivityId))],
    }, req.lang);
  });

  app.get('/blade-flow/process/resource-view', {
    schema: { tags, summary: 'The BPMN file of a process definition', querystring: { type: 'object', properties: { processDefinitionId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    if (!(await access.can(caller, 'work_start')) && !(await access.can(caller, 'flow_manager')) && !(await access.can(caller, 'flow_model'))) throw forbidden();
    const definition = await definitions.require(caller.tenantId, idParam(req.query as Record<string, unknown>, 'processDefinitionId'));
    return ok({ ...(await view(caller.tenantId, [definition]))[0], xml: definition.xml }, req.lang);
  });

  app.get('/blade-flow/manager/list', {
    schema: { tags, summary: 'Every deployed version (paged; name like on name and key, category)' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'flow_manager');
    const query = req.query as Record<string, unknown>;
    const { current, size } = paging(query);
    const page = await definitions.page(caller.tenantId, { current, size, name: textParam(query, 'name'), category: categoryKey(textParam(query, 'category')), latestOnly: false });
    return ok({ records: await view(caller.tenantId, page.rows), total: page.total, size, current, pages: Math.ceil(page.total / size) }, req.lang);
  });

  app.get('/blade-flow/model/list', {
    schema: {
      tags, summary: "BladeX's process models (模型设计): each process key's newest version (paged; modelKey exact, name like on name and key)",
      querystring: { type: 'object', properties: { current: { type: 'string' }, size: { type: 'string' }, modelKey: { type: 'string' }, name: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'flow_model');
    const query = req.query as Record<string, unknown>;
    const { current, size } = paging(query);
    const page = await definitions.page(caller.tenantId, { current, size, name: textParam(query, 'name'), key: textParam(query, 'modelKey'), latestOnly: true, withSuspended: true });
    return ok({ records: page.rows.map(modelView), total: page.total, size, current, pages: Math.ceil(page.total / size) }, req.lang);
  });

  app.post('/blade-flow/manager/change-state', {
    schema: { tags, summary: 'Suspend or activate a definition (state=active|suspend, processId)', querystring: { type: 'object', properties: { state: { type: 'string' }, processId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'flow_manager_state');
    const query = req.query as Record<string, unknown>;
    const state = textParam(query, 'state');
    if (state !== 'active' && state !== 'suspend') throw badRequest(BAD_STATE);
    await definitions.setSuspended(caller.tenantId, idParam(query, 'processId'), state === 'suspend');
    return ok(true, req.lang);
  });

  app.post('/blade-flow/manager/delete-deployment', {
    schema: { tags, summary: 'Remove definitions no running instance uses (deploymentIds comma-joined)', querystring: { type: 'object', properties: { deploymentIds: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'flow_manager_remove');
    const list = idParam(req.query as Record<string, unknown>, 'deploymentIds').split(',').map((s) => s.trim()).filter(Boolean);
    await definitions.remove(caller.tenantId, list);
    return ok(true, req.lang);
  });

  app.get('/blade-flow/follow/list', {
    schema: { tags, summary: 'Running process instances with their current task (paged; processDefinitionName like, processDefinitionKey, processInstanceId)' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'flow_follow');
    return ok(await followList(database, caller, req.query as Record<string, unknown>), req.lang);
  });

  app.post('/blade-flow/follow/delete-process', {
    schema: { tags, summary: 'Stop a running instance (processInstanceId, deleteReason)', querystring: { type: 'object', properties: { processInstanceId: { type: 'string' }, deleteReason: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await need(caller, 'flow_follow_delete');
    const query = req.query as Record<string, unknown>;
    await instances.stop(caller, idParam(query, 'processInstanceId'), textParam(query, 'deleteReason', 500) ?? '');
    return ok(true, req.lang);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1 } });
    scope.post('/blade-flow/manager/deploy-upload', {
      schema: { tags, summary: 'Deploy a BPMN 2.0 file (multipart field `file`; query category): the next version of its process key', consumes: ['multipart/form-data'] },
    }, async (req) => {
      const caller = requireCaller(req.caller);
      // 部署管理 uploads a file, 模型设计 deploys the diagram it drew: the same call.
      if (!(await access.can(caller, 'flow_deploy_upload')) && !(await access.can(caller, 'flow_model_deploy'))) throw forbidden();
      const file = await req.file().catch(() => undefined);
      if (!file || !/\.(bpmn|bpmn20\.xml|xml)$/i.test(file.filename)) throw badRequest(NO_FILE);
      const xml = (await file.toBuffer()).toString('utf8');
      const category = categoryKey(textParam(req.query as Record<string, unknown>, 'category', 64)) ?? null;
      const deployed = await definitions.deploy(caller.tenantId, caller.userId, xml, file.filename, category);
      return ok((await view(caller.tenantId, [deployed]))[0], req.lang);
    });
  });
}
