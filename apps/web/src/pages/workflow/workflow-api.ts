import type { Page } from '@alumni/domain';
import { getData, postData } from '../../api/http';

/** A page of a list call (PROTOCOL 4). */
export type { Page };

/** A record of a work list (BladeX's names). */
export interface WorkRecord {
  taskId?: string;
  taskName?: string | null;
  taskDefinitionKey?: string | null;
  assignee?: string | null;
  assigneeName?: string | null;
  createTime: string | null;
  claimTime?: string | null;
  historyTaskEndTime?: string | null;
  historyProcessEndTime?: string | null;
  comment?: string | null;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string | null;
  processDefinitionName: string | null;
  processDefinitionVersion: number;
  businessId: string | null;
  startUserName: string | null;
  processIsFinished: boolean;
  currentTaskName: string | null;
  endActivityId?: string | null;
  processStatus?: string | null;
}

export interface DefinitionRecord {
  id: string;
  key: string;
  name: string;
  version: number;
  category: string | null;
  categoryName: string | null;
  suspensionState: number;
  deploymentTime: string;
  resourceName: string;
}

export interface HistoryStep {
  historyActivityId: string;
  historyActivityName: string;
  historyActivityType: string;
  status: string;
  assigneeName: string | null;
  flag: string | null;
  comment: string | null;
  createTime: string;
  endTime: string | null;
  historyActivityDurationTime: string | null;
}

export interface Leave {
  id: string;
  leaveType: string;
  leaveTypeName: string | null;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser: string;
  taskUserName: string | null;
  attachments: string[];
  applyTime: string;
  createUserName: string | null;
  createDeptName: string | null;
  status: number;
  flow: { processInstanceId: string; processIsFinished: boolean; currentTaskName: string | null; currentTaskKeys: string[]; status: string; endActivityId: string | null };
}

export interface Approver {
  id: string;
  realName: string;
  account: string;
  deptName: string | null;
}

export type WorkListName = 'start' | 'claim' | 'todo' | 'send' | 'done';

export const fetchWorkList = <T>(list: WorkListName, params: Record<string, string | number | undefined>) =>
  getData<Page<T>>(`/blade-flow/work/${list}-list`, params);
export const claimTask = (taskId: string) => postData<boolean>('/blade-flow/work/claim-task', undefined, { taskId });
export const completeTask = (body: { taskId: string; processInstanceId: string; flag: 'ok' | 'no'; comment: string; variables: { pass: boolean } }) =>
  postData<boolean>('/blade-flow/work/complete-task', body);
export const fetchHistory = (processInstanceId: string) => getData<HistoryStep[]>('/blade-flow/process/history-flow-list', { processInstanceId });
export const fetchLeave = (businessId: string) => getData<Leave>('/blade-desk/process/leave/detail', { businessId });
export const fetchApprovers = (keyword: string) => getData<Approver[]>('/blade-desk/process/leave/approver-select', { keyword: keyword || undefined });
export const startLeave = (body: Record<string, unknown>) => postData<Leave>('/blade-desk/process/leave/start-process', body);
/** 调整申请: resubmit the leave with its changed period, days, reason and attachments. */
export const resubmitLeave = (body: Record<string, unknown>) => postData<Leave>('/blade-desk/process/leave/resubmit', body);

/** An instance's diagram: the BPMN file with the steps done and the steps waiting. */
export interface InstanceDiagram { xml: string; done: string[]; current: string[] }
export const fetchDiagram = (processInstanceId: string) => getData<InstanceDiagram>('/blade-flow/process/diagram-view', { processInstanceId });
/** A deployed definition with its BPMN file. */
export const fetchDefinitionXml = (processDefinitionId: string) => getData<DefinitionRecord & { xml: string }>('/blade-flow/process/resource-view', { processDefinitionId });
/** Starts a process that has no form of its own. */
export const startProcess = (processDefinitionId: string) =>
  postData<{ processInstanceId: string; processIsFinished: boolean; currentTaskName: string | null }>('/blade-flow/work/start-process', undefined, { processDefinitionId });
/** Deploys a BPMN file as the next version of its process key (the upload call of 部署管理). */
export function deployXml(xml: string, fileName: string, category: string | undefined): Promise<DefinitionRecord> {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'text/xml' }), fileName);
  return postData<DefinitionRecord>('/blade-flow/manager/deploy-upload', form, { category });
}

/** The pages of a process without a form of its own: handle a task, read an instance. */
export const processRoutes = {
  handle: (r: { taskId: string; processInstanceId: string }) => `/work/process/task/handle/${r.taskId}/${r.processInstanceId}`,
  detail: (r: { processInstanceId: string }) => `/work/process/task/detail/${r.processInstanceId}`,
};

/** The fixed routes of the leave process (DOMAIN 10.2). */
export const leaveRoutes = {
  form: (processDefinitionId: string) => `/work/process/leave/form/${processDefinitionId}`,
  handle: (r: { taskId: string; processInstanceId: string; businessId: string }) => `/work/process/leave/handle/${r.taskId}/${r.processInstanceId}/${r.businessId}`,
  detail: (r: { processInstanceId: string; businessId: string }) => `/work/process/leave/detail/${r.processInstanceId}/${r.businessId}`,
};

/** A task's handling page: the leave form's own, or the generic one (the to-do list and the bell). */
export function taskHandleRoute(r: { taskId: string; processInstanceId: string; processDefinitionKey?: string | null; businessId?: string | null }): string {
  return r.businessId && r.processDefinitionKey === 'leave'
    ? leaveRoutes.handle({ taskId: r.taskId, processInstanceId: r.processInstanceId, businessId: r.businessId })
    : processRoutes.handle(r);
}
