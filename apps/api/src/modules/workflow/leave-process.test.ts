import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { md5Hex } from '../../auth/password.js';
import { formatDateTime } from '../../core/time.js';
import { seedId } from '../../seed/menu-tree.js';
import { multipartFile } from '../../test-support/multipart.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { LEAVE_BPMN } from './processes/leave-bpmn.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const OFFICE = seedId(90, 2);
const COLLEGE = seedId(90, 3);
const LEADER = seedId(90, 6);
const WORK = '/api/blade-flow/work';
const LEAVE = '/api/blade-desk/process/leave';
const DAY = 86_400_000;

const day = (offset: number) => formatDateTime(new Date(Date.now() + offset * DAY)).slice(0, 10);
const leaveBody = (values: Json = {}) => ({
  leaveType: '1', startTime: `${day(2)} 09:00:00`, endTime: `${day(3)} 18:00:00`, days: 2, reason: '家中有事', taskUser: OFFICE, ...values,
});

describe.each(testDialects())('the leave process on %s', (dialect) => {
  let t: TestApp;
  let office = '', college = '', association = '', foundation = '', leader = '', admin = '';

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const tokens = await Promise.all(['office', 'college', 'association', 'foundation', 'leader', 'admin'].map((a) => t.signIn(a)));
    [office = '', college = '', association = '', foundation = '', leader = '', admin = ''] = tokens;
  });
  afterAll(async () => t?.close());

  const answer = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, token, body);
    return { status: res.statusCode, body: res.json() as Json };
  };
  const data = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await answer(token, method, url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const list = (token: string, name: string, query = '') => data(token, 'GET', `${WORK}/${name}-list?current=1&size=50${query}`);
  const apply = (token: string, values: Json = {}) => data(token, 'POST', `${LEAVE}/start-process`, leaveBody(values));
  const taskOf = async (token: string, listName: 'todo' | 'claim', instanceId: string) => {
    const page = await list(token, listName);
    return page.records.find((r: Json) => r.processInstanceId === instanceId) as Json | undefined;
  };
  const complete = (token: string, task: Json, flag: 'ok' | 'no', comment: string) =>
    answer(token, 'POST', `${WORK}/complete-task`, { taskId: task.taskId, processInstanceId: task.processInstanceId, flag, comment, variables: { pass: flag === 'ok' } });
  const detail = (token: string, businessId: string) => data(token, 'GET', `${LEAVE}/detail?businessId=${businessId}`);
  const history = (token: string, instanceId: string) => data(token, 'GET', `/api/blade-flow/process/history-flow-list?processInstanceId=${instanceId}`);

  it('seeds the three leave requests of the demo: one finished, one at the leader, one in the office\'s to-do list', async () => {
    const todo = await list(office, 'todo', '&processDefinitionName=请假');
    expect(todo.records.filter((r: Json) => r.startUserName === '赵敏')).toHaveLength(1);
    expect(todo.records.find((r: Json) => r.startUserName === '赵敏')).toMatchObject({ taskName: '审批人审批', processDefinitionKey: 'leave', status: 'todo' });
    const claim = await list(leader, 'claim');
    expect(claim.records.filter((r: Json) => r.startUserName === '张伟')).toHaveLength(1);
    expect(claim.records[0]).toMatchObject({ taskName: '分管领导审批', assignee: null });
    const sent = await list(college, 'send');
    const finished = sent.records.find((r: Json) => r.processDefinitionKey === 'leave');
    expect(finished).toMatchObject({ processIsFinished: true, endActivityId: 'end', currentTaskName: null });
    const leave = await detail(college, finished.businessId);
    expect(leave).toMatchObject({ days: 2, taskUserName: '王晓梅', status: 2, flow: { processIsFinished: true } });
    const done = await list(office, 'done');
    expect(done.records.map((r: Json) => r.startUserName).sort()).toEqual(['张伟', '李建国']);
    const start = await list(college, 'start');
    expect(start.records.map((r: Json) => r.key)).toEqual(['leave']);
  });

  it('approves a leave of up to 3 days at the approver\'s step and records each step', async () => {
    const leave = await apply(college, { days: 2 });
    expect(leave).toMatchObject({ leaveType: '1', leaveTypeName: '事假', status: 1, flow: { processIsFinished: false, currentTaskName: '审批人审批' } });
    const instanceId = leave.flow.processInstanceId;
    expect(await taskOf(college, 'todo', instanceId)).toBeUndefined();
    const task = await taskOf(office, 'todo', instanceId);
    expect(task).toMatchObject({ taskName: '审批人审批', assignee: OFFICE, businessId: leave.id, startUserName: '李建国' });
    expect((await complete(office, task as Json, 'ok', '同意')).status).toBe(200);
    const after = await detail(college, leave.id);
    expect(after).toMatchObject({ status: 2, flow: { processIsFinished: true, currentTaskName: null, endActivityId: 'end' } });
    const steps = await history(college, instanceId);
    expect(steps.map((s: Json) => s.historyActivityName)).toEqual(['开始', '审批人审批', '结束']);
    expect(steps[1]).toMatchObject({ assigneeName: '王晓梅', comment: '同意', flag: 'ok', status: 'done' });
    expect(typeof steps[1].historyActivityDurationTime).toBe('string');
    // Done, so it leaves the to-do list and enters the done list.
    expect(await taskOf(office, 'todo', instanceId)).toBeUndefined();
    expect((await list(office, 'done')).records.some((r: Json) => r.processInstanceId === instanceId)).toBe(true);
  });

  it('sends a leave over 3 days to the leaders, who claim it; nobody else may claim or complete it', async () => {
    const leave = await apply(association, { days: 5, startTime: `${day(2)} 09:00:00`, endTime: `${day(8)} 18:00:00` });
    const instanceId = leave.flow.processInstanceId;
    expect((await complete(office, (await taskOf(office, 'todo', instanceId)) as Json, 'ok', '同意')).status).toBe(200);
    expect((await detail(association, leave.id)).flow.currentTaskName).toBe('分管领导审批');
    const claimable = await taskOf(leader, 'claim', instanceId);
    expect(claimable).toMatchObject({ taskName: '分管领导审批', candidateGroups: 'leader' });
    expect(await taskOf(office, 'claim', instanceId)).toBeUndefined();
    // Not a candidate: 403, and the task stays unclaimed.
    expect((await answer(office, 'POST', `${WORK}/claim-task?taskId=${claimable?.taskId}`)).status).toBe(403);
    // A candidate who has not claimed cannot complete it.
    expect((await complete(leader, claimable as Json, 'ok', '同意')).status).toBe(403);
    expect((await answer(leader, 'POST', `${WORK}/claim-task?taskId=${claimable?.taskId}`)).status).toBe(200);
    expect(await taskOf(leader, 'claim', instanceId)).toBeUndefined();
    const mine = await taskOf(leader, 'todo', instanceId);
    expect(mine).toMatchObject({ assignee: LEADER });
    expect(mine?.claimTime).toBeTruthy();
    expect((await complete(office, mine as Json, 'ok', '同意')).status).toBe(403);
    expect((await complete(leader, mine as Json, 'ok', '同意休假')).status).toBe(200);
    const steps = await history(association, instanceId);
    expect(steps.map((s: Json) => s.historyActivityName)).toEqual(['开始', '审批人审批', '分管领导审批', '结束']);
    expect(steps[2]).toMatchObject({ assigneeName: '陈志远', comment: '同意休假' });
    expect((await detail(association, leave.id)).status).toBe(2);
  });

  it('returns a rejected leave to the applicant, who resubmits it to the approver', async () => {
    const leave = await apply(college, { days: 1, endTime: `${day(2)} 18:00:00` });
    const instanceId = leave.flow.processInstanceId;
    const task = (await taskOf(office, 'todo', instanceId)) as Json;
    // A rejection needs a comment; without one nothing moves.
    expect((await complete(office, task, 'no', '')).status).toBe(400);
    expect((await answer(office, 'POST', `${WORK}/complete-task`, { taskId: task.taskId, flag: 'no', comment: 'x', variables: { pass: true } })).status).toBe(400);
    expect((await detail(college, leave.id)).flow.currentTaskName).toBe('审批人审批');
    expect((await complete(office, task, 'no', '请补充工作交接安排')).status).toBe(200);
    const adjust = (await taskOf(college, 'todo', instanceId)) as Json;
    expect(adjust).toMatchObject({ taskName: '调整申请', assignee: COLLEGE });
    expect((await detail(college, leave.id)).flow.currentTaskKeys).toEqual(['adjustTask']);
    // The approver cannot act for the applicant.
    expect((await complete(office, adjust, 'ok', '')).status).toBe(403);
    expect((await complete(college, adjust, 'ok', '已补充交接安排')).status).toBe(200);
    const again = (await taskOf(office, 'todo', instanceId)) as Json;
    expect(again).toMatchObject({ taskName: '审批人审批' });
    expect(again.taskId).not.toBe(task.taskId);
    expect((await complete(office, again, 'ok', '同意')).status).toBe(200);
    const steps = await history(college, instanceId);
    expect(steps.map((s: Json) => [s.historyActivityName, s.flag])).toEqual([
      ['开始', null], ['审批人审批', 'no'], ['调整申请', 'ok'], ['审批人审批', 'ok'], ['结束', null],
    ]);
    expect(steps[1].comment).toBe('请补充工作交接安排');
    expect((await detail(college, leave.id)).status).toBe(2);
  });

  it('lets the applicant change the period, days, reason and attachments when resubmitting, and records the change', async () => {
    const leave = await apply(college, { days: 1, endTime: `${day(2)} 18:00:00` });
    const instanceId = leave.flow.processInstanceId;
    const task = (await taskOf(office, 'todo', instanceId)) as Json;
    expect((await complete(office, task, 'no', '请多请几天')).status).toBe(200);
    const adjust = (await taskOf(college, 'todo', instanceId)) as Json;
    const changed = {
      taskId: adjust.taskId, processInstanceId: instanceId, comment: '按意见调整', leaveType: '1',
      startTime: `${day(2)} 09:00:00`, endTime: `${day(6)} 18:00:00`, days: 4, reason: '家中有事，需多请几天', attachments: ['/upload/a.pdf'],
    };
    // Bad input is refused and changes nothing; only the applicant, only at 调整申请.
    const bad = await answer(college, 'POST', `${LEAVE}/resubmit`, { ...changed, days: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toHaveProperty('days');
    expect((await answer(office, 'POST', `${LEAVE}/resubmit`, changed)).status).toBe(403);
    expect((await answer(college, 'POST', `${LEAVE}/resubmit`, { ...changed, attachments: ['1', '2', '3', '4'] })).status).toBe(400);
    expect(await detail(college, leave.id)).toMatchObject({ days: 1, flow: { currentTaskKeys: ['adjustTask'] } });

    const resubmitted = await data(college, 'POST', `${LEAVE}/resubmit`, changed);
    expect(resubmitted).toMatchObject({ days: 4, reason: '家中有事，需多请几天', attachments: ['/upload/a.pdf'], flow: { currentTaskName: '审批人审批' } });
    expect((await answer(college, 'POST', `${LEAVE}/resubmit`, changed)).status).toBe(400);
    const steps = await history(college, instanceId);
    expect(steps[2]).toMatchObject({ historyActivityName: '调整申请', flag: 'ok' });
    expect(steps[2].comment).toContain('按意见调整');
    expect(steps[2].comment).toContain('请假天数 1 → 4');
    expect(steps[2].comment).toContain('请假理由已修改');
    expect(steps[2].comment).toContain('附件 0 → 1');
    // The process goes on with the new days: more than 3 approved days go to the leaders.
    const again = (await taskOf(office, 'todo', instanceId)) as Json;
    expect((await complete(office, again, 'ok', '同意')).status).toBe(200);
    expect((await detail(college, leave.id)).flow.currentTaskName).toBe('分管领导审批');
  });

  it('ends a leave the applicant gives up after a rejection, by the leader too', async () => {
    const leave = await apply(foundation, { days: 4, startTime: `${day(2)} 09:00:00`, endTime: `${day(5)} 18:00:00` });
    const instanceId = leave.flow.processInstanceId;
    expect((await complete(office, (await taskOf(office, 'todo', instanceId)) as Json, 'ok', '同意')).status).toBe(200);
    const claimable = (await taskOf(leader, 'claim', instanceId)) as Json;
    expect((await answer(leader, 'POST', `${WORK}/claim-task?taskId=${claimable.taskId}`)).status).toBe(200);
    expect((await complete(leader, (await taskOf(leader, 'todo', instanceId)) as Json, 'no', '近期工作繁忙，请调整时间')).status).toBe(200);
    const adjust = (await taskOf(foundation, 'todo', instanceId)) as Json;
    expect(adjust.taskName).toBe('调整申请');
    expect((await complete(foundation, adjust, 'no', '放弃申请')).status).toBe(200);
    const after = await detail(foundation, leave.id);
    expect(after).toMatchObject({ status: 3, flow: { processIsFinished: true, endActivityId: 'cancelled' } });
    expect((await history(foundation, instanceId)).map((s: Json) => s.historyActivityName)).toEqual(['开始', '审批人审批', '分管领导审批', '调整申请', '放弃申请']);
    // Its tasks are gone from every to-do list; handling it again is refused.
    expect((await complete(foundation, adjust, 'ok', '')).status).toBe(400);
  });

  it('offers the tenant\'s other users as approvers', async () => {
    const approvers = await data(college, 'GET', `${LEAVE}/approver-select?keyword=王晓`);
    expect(approvers.map((u: Json) => u.id)).toEqual([OFFICE]);
    const all = await data(college, 'GET', `${LEAVE}/approver-select`);
    expect(all.map((u: Json) => u.id)).not.toContain(COLLEGE);
    expect(all.map((u: Json) => u.id)).toContain(LEADER);
  });

  it('checks the leave form and changes nothing on bad input', async () => {
    const before = (await list(college, 'send')).total;
    const bad = await answer(college, 'POST', `${LEAVE}/start-process`, {
      leaveType: '42', startTime: `${day(-5)} 09:00:00`, endTime: `${day(-6)} 09:00:00`, days: 0.3, reason: '', taskUser: COLLEGE, attachments: ['a', 'b', 'c', 'd'],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['attachments', 'days', 'endTime', 'leaveType', 'reason', 'startTime', 'taskUser']);
    const span = await answer(college, 'POST', `${LEAVE}/start-process`, leaveBody({ days: 3 }));
    expect(span.body.data.errors).toEqual({ days: '请假天数不能超过开始与结束之间的天数' });
    expect((await list(college, 'send')).total).toBe(before);
    const en = await t.call('POST', `${LEAVE}/start-process`, college, leaveBody({ reason: '' }), { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
  });

  it('keeps a leave private to those it concerns', async () => {
    const leave = await apply(college, { days: 1, endTime: `${day(2)} 18:00:00` });
    expect((await answer(foundation, 'GET', `${LEAVE}/detail?businessId=${leave.id}`)).status).toBe(403);
    expect((await answer(foundation, 'GET', `/api/blade-flow/process/history-flow-list?processInstanceId=${leave.flow.processInstanceId}`)).status).toBe(403);
    expect((await answer(office, 'GET', `${LEAVE}/detail?businessId=${leave.id}`)).status).toBe(200);
    expect((await answer(admin, 'GET', `${LEAVE}/detail?businessId=${leave.id}`)).status).toBe(200);
    const noGrants = await t.signInWithoutGrants(admin);
    expect((await answer(noGrants, 'GET', `${WORK}/todo-list`)).status).toBe(403);
    expect((await answer(noGrants, 'POST', `${LEAVE}/start-process`, leaveBody())).status).toBe(403);
  });

  it('lets one completion of a task win when two arrive at once', async () => {
    const leave = await apply(college, { days: 1, endTime: `${day(2)} 18:00:00` });
    const task = (await taskOf(office, 'todo', leave.flow.processInstanceId)) as Json;
    const results = await Promise.all([complete(office, task, 'ok', '同意'), complete(office, task, 'ok', '同意')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const steps = await history(college, leave.flow.processInstanceId);
    expect(steps.map((s: Json) => s.historyActivityName)).toEqual(['开始', '审批人审批', '结束']);
  });

  it('carries an instance across a restart: a new server on the same database completes it', async () => {
    const leave = await apply(association, { days: 5, startTime: `${day(2)} 09:00:00`, endTime: `${day(8)} 18:00:00` });
    const instanceId = leave.flow.processInstanceId;
    expect((await complete(office, (await taskOf(office, 'todo', instanceId)) as Json, 'ok', '同意')).status).toBe(200);
    const { app: second } = await buildApp(t.config);
    await second.ready();
    try {
      const signIn = async (account: string) => {
        const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5Hex(DEMO_PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
        const res = await second.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' } });
        return (res.json() as { access_token: string }).access_token;
      };
      const call = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
        const res = await second.inject({ method, url, headers: { 'blade-auth': `bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
        return { status: res.statusCode, body: res.json() as Json };
      };
      const leaderThere = await signIn('leader');
      const claim = await call(leaderThere, 'GET', `${WORK}/claim-list?size=50`);
      const task = claim.body.data.records.find((r: Json) => r.processInstanceId === instanceId);
      expect(task).toMatchObject({ taskName: '分管领导审批' });
      expect((await call(leaderThere, 'POST', `${WORK}/claim-task?taskId=${task.taskId}`)).status).toBe(200);
      const done = await call(leaderThere, 'POST', `${WORK}/complete-task`, { taskId: task.taskId, processInstanceId: instanceId, flag: 'ok', comment: '同意', variables: { pass: true } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    } finally {
      await second.close();
    }
    // The first server reads what the second wrote.
    expect(await detail(association, leave.id)).toMatchObject({ status: 2, flow: { processIsFinished: true } });
  });

  describe('process definitions', () => {
    const upload = (token: string, name: string, xml: string, query = '') => {
      const { body, headers } = multipartFile(name, xml, 'text/xml');
      return t.app.inject({ method: 'POST', url: `/api/blade-flow/manager/deploy-upload${query}`, payload: body, headers: { ...headers, 'blade-auth': `bearer ${token}` } });
    };
    const small = (key: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="小流程${key}" isExecutable="true">
    <startEvent id="s" name="开始" flowable:initiator="applyUser" />
    <sequenceFlow id="f1" sourceRef="s" targetRef="check" />
    <userTask id="check" name="复核" flowable:assignee="\${applyUser}" />
    <sequenceFlow id="f2" sourceRef="check" targetRef="e" />
    ${extra}
    <endEvent id="e" name="结束" />
  </process>
</definitions>`;

    it('deploys versions, lists them, suspends and activates, and refuses scripts', async () => {
      const first = await upload(admin, 'check.bpmn', small('check'), '?category=flow_1');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({ key: 'check', version: 1, suspensionState: 1, category: '1', categoryName: '请假流程' });
      const second = (await upload(admin, 'check.bpmn', small('check'))).json().data;
      expect(second.version).toBe(2);
      const all = await data(admin, 'GET', '/api/blade-flow/manager/list?name=check&size=10');
      expect(all.records.map((r: Json) => r.version)).toEqual([2, 1]);
      const startable = await data(admin, 'GET', '/api/blade-flow/work/start-list?name=check');
      expect(startable.records.map((r: Json) => r.id)).toEqual([second.id]);
      expect((await answer(admin, 'POST', `/api/blade-flow/manager/change-state?state=suspend&processId=${second.id}`)).status).toBe(200);
      expect((await data(admin, 'GET', '/api/blade-flow/work/start-list?name=check')).total).toBe(0);
      expect((await answer(admin, 'POST', `/api/blade-flow/manager/change-state?state=active&processId=${second.id}`)).status).toBe(200);
      expect((await answer(admin, 'POST', `/api/blade-flow/manager/change-state?state=sleep&processId=${second.id}`)).status).toBe(400);

      const script = await upload(admin, 'bad.bpmn', small('bad', '<scriptTask id="x" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>'));
      expect(script.statusCode).toBe(400);
      expect(script.json().msg).toContain('x');
      const condition = small('bad2').replace('<sequenceFlow id="f2" sourceRef="check" targetRef="e" />',
        '<sequenceFlow id="f2" sourceRef="check" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, true)</conditionExpression></sequenceFlow>');
      expect((await upload(admin, 'bad2.bpmn', condition)).statusCode).toBe(400);
      const call = small('bad3').replace('${applyUser}', '${applyUser.toString()}');
      expect((await upload(admin, 'bad3.bpmn', call)).statusCode).toBe(400);
      expect((await upload(admin, 'junk.bpmn', '<not-bpmn')).statusCode).toBe(400);
      expect((await data(admin, 'GET', '/api/blade-flow/manager/list?name=bad')).total).toBe(0);
      // Only holders of 上传部署 deploy.
      expect((await upload(college, 'check.bpmn', small('check'))).statusCode).toBe(403);
    });

    it('refuses to start a leave on a suspended definition and lists running instances for tracking', async () => {
      const latest = (await data(admin, 'GET', '/api/blade-flow/manager/list?name=leave')).records[0];
      expect((await answer(admin, 'POST', `/api/blade-flow/manager/change-state?state=suspend&processId=${latest.id}`)).status).toBe(200);
      expect((await answer(college, 'POST', `${LEAVE}/start-process`, { ...leaveBody(), processDefinitionId: latest.id })).status).toBe(400);
      expect((await answer(admin, 'POST', `/api/blade-flow/manager/change-state?state=active&processId=${latest.id}`)).status).toBe(200);
      const running = await data(admin, 'GET', '/api/blade-flow/follow/list?processDefinitionKey=leave&size=100');
      expect(running.records.every((r: Json) => r.currentTaskName)).toBe(true);
      expect((await answer(admin, 'POST', `/api/blade-flow/manager/delete-deployment?deploymentIds=${latest.id}`)).status).toBe(400);
      const leave = await apply(college, { days: 1, endTime: `${day(2)} 18:00:00` });
      expect((await answer(admin, 'POST', `/api/blade-flow/follow/delete-process?processInstanceId=${leave.flow.processInstanceId}&deleteReason=重复申请`)).status).toBe(200);
      expect(await detail(college, leave.id)).toMatchObject({ status: 3, flow: { processIsFinished: true, status: 'deleted' } });
      expect(await taskOf(office, 'todo', leave.flow.processInstanceId)).toBeUndefined();
    });
  });
});
