import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../jobs/job-queue.js';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { PROCESS_TIMER_JOB } from './process-timers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const WORK = '/api/blade-flow/work';

const definitions = (body: string, key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="定时${key}" isExecutable="true">
    <startEvent id="start" flowable:initiator="starter" />
${body}
  </process>
</definitions>`;

/** start → wait PT2S → a task for the starter → end. */
const INTERMEDIATE = definitions(`
    <sequenceFlow id="f1" sourceRef="start" targetRef="wait" />
    <intermediateCatchEvent id="wait" name="等待两秒">
      <timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT2S</timeDuration></timerEventDefinition>
    </intermediateCatchEvent>
    <sequenceFlow id="f2" sourceRef="wait" targetRef="afterWait" />
    <userTask id="afterWait" name="等待之后" flowable:assignee="\${starter}" />
    <sequenceFlow id="f3" sourceRef="afterWait" targetRef="end" />
    <endEvent id="end" name="结束" />`, 'waitTwoSeconds');

/** start → review (the starter's) with an interrupting PT2S boundary timer → escalated; review done → end. */
const BOUNDARY = definitions(`
    <sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <userTask id="review" name="审阅" flowable:assignee="\${starter}" />
    <boundaryEvent id="late" name="超时" attachedToRef="review" cancelActivity="true">
      <timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT2S</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end" />
    <sequenceFlow id="f3" sourceRef="late" targetRef="escalated" />
    <userTask id="escalated" name="超时处理" flowable:assignee="\${starter}" />
    <sequenceFlow id="f4" sourceRef="escalated" targetRef="end" />
    <endEvent id="end" name="结束" />`, 'reviewInTime');

const TIMER = (value: string, kind = 'timeDuration') => definitions(`
    <sequenceFlow id="f1" sourceRef="start" targetRef="wait" />
    <intermediateCatchEvent id="wait"><timerEventDefinition><${kind} xsi:type="tFormalExpression">${value}</${kind}></timerEventDefinition></intermediateCatchEvent>
    <sequenceFlow id="f2" sourceRef="wait" targetRef="end" />
    <endEvent id="end" />`, 'badTimer');

describe.each(testDialects())('workflow timers driven by the job queue on %s', (dialect) => {
  let t: TestApp;
  let office = '';
  let admin = '';

  beforeAll(async () => {
    t = await startTestApp(dialect, { JOB_POLL_MS: '200' });
    await t.app.services.jobs.start();
    [office, admin] = await Promise.all([t.signIn('office'), t.signIn('admin')]);
  }, 60_000);
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, body?: unknown, token = office) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json).data;
  };
  const deploy = (xml: string, name = 'timer.bpmn') => {
    const { body, headers } = multipartFile(name, xml, 'text/xml');
    return t.app.inject({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', payload: body, headers: { ...headers, 'blade-auth': `bearer ${admin}`, 'accept-language': 'en' } });
  };
  const deployed = async (xml: string) => {
    const res = await deploy(xml);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json).data.id as string;
  };
  const start = (definitionId: string) => data('POST', `${WORK}/start-process?processDefinitionId=${definitionId}`);
  const todoOf = async (instanceId: string) => ((await data('GET', `${WORK}/todo-list?current=1&size=50`)).records as Json[])
    .filter((r) => r.processInstanceId === instanceId);
  const history = async (instanceId: string) => (await data('GET', `/api/blade-flow/process/history-flow-list?processInstanceId=${instanceId}`)) as Json[];
  const timerJobs = async (instanceId: string) => (await t.app.services.jobs.list({ current: 1, size: 100, name: PROCESS_TIMER_JOB, tenantId: null })).records
    .filter((job: JobView) => (job.data as Json)?.instanceId === instanceId);
  /** Waits (at most 20 s) until the check holds: the timer's job runs when the queue next polls after it is due. */
  const eventually = async <T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> => {
    for (let tries = 0; ; tries += 1) {
      const value = await read();
      if (holds(value) || tries >= 100) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('an intermediate timer waits in the saved state, and its job moves the instance on when due, also after the queue restarts', async () => {
    const instance = await start(await deployed(INTERMEDIATE));
    expect(instance).toMatchObject({ processIsFinished: false, currentTaskName: '等待两秒' });
    expect(await todoOf(instance.processInstanceId)).toHaveLength(0);
    const [job] = await timerJobs(instance.processInstanceId);
    expect(job).toMatchObject({ name: PROCESS_TIMER_JOB, data: { elementId: 'wait' } });
    expect(Date.parse(String((job?.data as Json).expireAt))).toBeGreaterThan(Date.now() - 5_000);

    // The queue stops (a restart) before the timer is due and starts again: the stored job still runs.
    await t.app.services.jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await todoOf(instance.processInstanceId)).toHaveLength(0);
    await t.app.services.jobs.start();

    const todo = await eventually(() => todoOf(instance.processInstanceId), (list) => list.length > 0);
    expect(todo).toHaveLength(1);
    expect(todo[0]).toMatchObject({ taskName: '等待之后' });
    const steps = await history(instance.processInstanceId);
    expect(steps.map((s) => [s.historyActivityId, s.status])).toEqual([['start', 'done'], ['wait', 'done'], ['afterWait', 'open']]);
    const ran = await eventually(() => timerJobs(instance.processInstanceId), (jobs) => jobs[0]?.state === 'completed');
    expect(ran[0]).toMatchObject({ state: 'completed', output: { fired: true } });
  }, 60_000);

  it('a boundary timer interrupts its task when it fires first, and does nothing when the task was done first', async () => {
    const definitionId = await deployed(BOUNDARY);
    const late = await start(definitionId);
    const onTime = await start(definitionId);
    const [reviewOnTime] = await todoOf(onTime.processInstanceId);
    expect(reviewOnTime).toMatchObject({ taskName: '审阅' });
    await data('POST', `${WORK}/complete-task`, { taskId: reviewOnTime?.taskId, processInstanceId: onTime.processInstanceId, flag: 'ok', comment: '' });

    const escalated = await eventually(() => todoOf(late.processInstanceId), (list) => list[0]?.taskName === '超时处理');
    expect(escalated.map((r) => r.taskName)).toEqual(['超时处理']);
    const steps = await history(late.processInstanceId);
    expect(steps.map((s) => [s.historyActivityId, s.status])).toEqual([['start', 'done'], ['review', 'cancelled'], ['late', 'done'], ['escalated', 'open']]);
    const diagram = await data('GET', `/api/blade-flow/process/diagram-view?processInstanceId=${late.processInstanceId}`);
    expect(diagram).toMatchObject({ done: ['start', 'late'], current: ['escalated'] });

    // The finished instance's timer job ran and found nothing to do: the history is what completion left.
    const jobs = await eventually(() => timerJobs(onTime.processInstanceId), (list) => list[0]?.state === 'completed');
    expect(jobs[0]).toMatchObject({ state: 'completed', output: { fired: false } });
    expect((await history(onTime.processInstanceId)).map((s) => [s.historyActivityId, s.status])).toEqual([['start', 'done'], ['review', 'done'], ['end', 'done']]);
    const sent = await data('GET', `${WORK}/send-list?current=1&size=50`);
    expect(sent.records.find((r: Json) => r.processInstanceId === onTime.processInstanceId)).toMatchObject({ processIsFinished: true });
  }, 60_000);

  it('refuses on deploy a timer the engine could not run, naming the element; nothing is deployed', async () => {
    const before = (await data('GET', '/api/blade-flow/manager/list?current=1&size=100&name=badTimer', undefined, admin)).total;
    for (const [xml, words] of [
      [TIMER('one hour'), 'duration one hour is not an ISO 8601 duration'],
      [TIMER('R3/PT1H', 'timeCycle'), 'Timer cycles (timeCycle) are not supported'],
      [TIMER('tomorrow', 'timeDate'), 'date tomorrow is not an ISO 8601 date-time'],
      [TIMER('${delay()}'), 'expression ${delay()} is not supported'],
    ] as const) {
      const res = await deploy(xml);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as Json).msg).toContain('Process element wait is not supported');
      expect((res.json() as Json).msg).toContain(words);
    }
    expect(await deployed(TIMER('P1D'))).toBeTruthy();
    expect(await deployed(TIMER('2030-01-01T09:00:00', 'timeDate'))).toBeTruthy();
    expect((await data('GET', '/api/blade-flow/manager/list?current=1&size=100&name=badTimer', undefined, admin)).total).toBe(before + 2);
  });

  it('starts a process without a form through start-process, and sends the leave process to its form', async () => {
    const leave = (await data('GET', `${WORK}/start-list?current=1&size=50`)).records.find((r: Json) => r.key === 'leave');
    const res = await t.call('POST', `${WORK}/start-process?processDefinitionId=${leave.id}`, office);
    expect(res.statusCode).toBe(400);
    expect((res.json() as Json).msg).toBe('该流程有自己的申请表单，请从表单发起');
    expect((await t.call('POST', `${WORK}/start-process`, office)).statusCode).toBe(400);
  });
});
