import { expect, test, type APIRequestContext } from '@playwright/test';
import { region, row } from '../support/crud';
import { CLIENT, apiToken, signIn, toast } from '../support/session';

const OFFICE = '1900000000000900002';
const WORK = '/api/blade-flow/work';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY + 8 * 3_600_000).toISOString().slice(0, 10);
const tag = Date.now().toString(36).slice(-5);

async function call(request: APIRequestContext, token: string, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await request[method](url, { data, headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

/** A leave started over the API by `account`, approver 王晓梅 (office). */
async function applyOverApi(request: APIRequestContext, account: string, days: number, reason: string) {
  const token = await apiToken(request, account);
  return call(request, token, 'post', '/api/blade-desk/process/leave/start-process', {
    leaveType: '3', startTime: `${day(2)} 09:00:00`, endTime: `${day(2 + Math.ceil(days) - 1)} 18:00:00`, days, reason, taskUser: OFFICE,
  });
}

test('a secretary applies for leave on the form and finds it among the sent processes', async ({ page }) => {
  await signIn(page, { account: 'college' }, '/work/start');
  const start = region(page, '发起事务');
  await row(start, '请假流程').getByRole('button', { name: '发起' }).click();
  const form = page.locator('form');
  await expect(page.getByText('请假申请').first()).toBeVisible();
  // Submitting empty names every required field.
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请选择请假类型')).toBeVisible();
  await expect(page.getByText('请填写请假理由')).toBeVisible();
  await form.getByLabel('请假类型').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('事假').click();
  const range = page.locator('.ant-picker-range');
  await range.locator('input').first().click();
  await range.locator('input').first().fill(`${day(3)} 09:00`);
  await range.locator('input').first().press('Enter');
  await range.locator('input').nth(1).fill(`${day(4)} 18:00`);
  await range.locator('input').nth(1).press('Enter');
  await expect(form.getByLabel('请假天数')).not.toHaveValue('');
  await form.getByLabel('请假天数').fill('2');
  await form.getByLabel('请假理由').fill(`参加校友返校日筹备 ${tag}`);
  await form.getByLabel('审批人').click();
  await form.getByLabel('审批人').fill('王晓梅');
  await page.locator('.ant-select-dropdown:visible').getByText('王晓梅').click();
  await page.screenshot({ path: 'screenshots/workflow-leave-form-zh.png' });
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '申请已提交，等待审批')).toBeVisible();
  const sent = region(page, '已发事务');
  await expect(row(sent, '请假流程').first()).toContainText('审批人审批');
});

test('the approver handles a leave from the to-do list and its history shows the step', async ({ page, request }) => {
  const leave = await applyOverApi(request, 'foundation', 2, `体检复查 ${tag}`);
  await signIn(page, { account: 'office' }, '/work/todo');
  const todo = region(page, '待办事务');
  const mine = todo.locator('tbody tr.ant-table-row').filter({ hasText: '赵敏' }).filter({ hasText: '审批人审批' });
  await expect(mine.first()).toBeVisible();
  // The newest task comes first: the one just applied for.
  await mine.first().getByRole('button', { name: '办理' }).click();
  await expect(page).toHaveURL(new RegExp(`/work/process/leave/handle/\\d+/${leave.flow.processInstanceId}/${leave.id}$`));
  await expect(page.getByText(`体检复查 ${tag}`)).toBeVisible();
  // A rejection needs a comment.
  await page.getByRole('button', { name: '驳 回' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '驳回时请填写审批意见')).toBeVisible();
  await page.getByLabel('审批意见').fill('同意，注意交接');
  await page.screenshot({ path: 'screenshots/workflow-leave-handle-zh.png' });
  await page.getByRole('button', { name: '同 意' }).click();
  await expect(toast(page, '办理成功')).toBeVisible();
  await page.goto(`/work/process/leave/detail/${leave.flow.processInstanceId}/${leave.id}`);
  const history = page.getByRole('region', { name: '流转记录' });
  await expect(history).toContainText('同意，注意交接');
  await expect(history).toContainText('结束');
  await expect(page.getByText('已通过')).toBeVisible();
});

test('a leader claims a long leave and approves it', async ({ page, request }) => {
  const leave = await applyOverApi(request, 'association', 5, `校友会换届 ${tag}`);
  const office = await apiToken(request, 'office');
  const task = (await call(request, office, 'get', `${WORK}/todo-list?size=100`)).records.find((r: { businessId: string }) => r.businessId === leave.id);
  await call(request, office, 'post', `${WORK}/complete-task`, { taskId: task.taskId, processInstanceId: task.processInstanceId, flag: 'ok', comment: '同意', variables: { pass: true } });
  await signIn(page, { account: 'leader' }, '/work/claim');
  const claim = region(page, '待签事务');
  const waiting = claim.locator('tbody tr.ant-table-row').filter({ hasText: '分管领导审批' }).first();
  await expect(waiting).toBeVisible();
  await page.screenshot({ path: 'screenshots/workflow-claim-zh.png' });
  const leaderToken = await apiToken(request, 'leader');
  const claimable = (await call(request, leaderToken, 'get', `${WORK}/claim-list?size=100`)).records.find((r: { businessId: string }) => r.businessId === leave.id);
  // The newest task comes first: the one just sent to the leaders.
  await waiting.getByRole('button', { name: '签收' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '签收成功，已移入待办事务')).toBeVisible();
  await page.goto('/work/todo');
  const todo = region(page, '待办事务');
  await expect(todo.locator('tbody tr.ant-table-row').filter({ hasText: '张伟' }).first()).toBeVisible();
  await page.goto(`/work/process/leave/handle/${claimable.taskId}/${leave.flow.processInstanceId}/${leave.id}`);
  await page.getByLabel('审批意见').fill('同意休假');
  await page.getByRole('button', { name: '同 意' }).click();
  await expect(toast(page, '办理成功')).toBeVisible();
  await page.goto(`/work/process/leave/detail/${leave.flow.processInstanceId}/${leave.id}`);
  const history = page.getByRole('region', { name: '流转记录' });
  await expect(history).toContainText('分管领导审批');
  await expect(history).toContainText('同意休假');
});

test('the work lists and the leave detail in English', async ({ page, request }) => {
  const leave = await applyOverApi(request, 'college', 1, `English screenshot ${tag}`);
  await signIn(page, { account: 'office' }, { to: '/work/todo', lang: 'en', theme: 'theme-default' });
  const todo = region(page, 'To do');
  await expect(todo.getByRole('columnheader', { name: 'Current step' })).toBeVisible();
  await expect(todo.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/workflow-todo-en.png' });
  await page.goto(`/work/process/leave/detail/${leave.flow.processInstanceId}/${leave.id}`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('审批人审批');
  await expect(page.getByText('In approval').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/workflow-leave-detail-en.png' });
});

test('an administrator deploys a process file, suspends it and sees running processes', async ({ page }) => {
  const key = `review${tag}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="材料复核${tag}" isExecutable="true">
    <startEvent id="s" name="开始" flowable:initiator="applyUser" />
    <sequenceFlow id="f1" sourceRef="s" targetRef="check" />
    <userTask id="check" name="复核" flowable:candidateGroups="alumni_admin" />
    <sequenceFlow id="f2" sourceRef="check" targetRef="e" />
    <endEvent id="e" name="结束" />
  </process>
</definitions>`;
  await signIn(page, { account: 'admin' }, '/flow/deploy');
  const deploy = region(page, '部署管理');
  await expect(deploy.locator('.ant-table')).toBeVisible();
  await deploy.locator('input[type=file]').setInputFiles({ name: `${key}.bpmn`, mimeType: 'text/xml', buffer: Buffer.from(xml) });
  await expect(toast(page, '部署成功')).toBeVisible();
  await expect(row(deploy, `材料复核${tag}`)).toContainText('v1');
  // A file with a script is refused and names the element.
  await deploy.locator('input[type=file]').setInputFiles({ name: 'bad.bpmn', mimeType: 'text/xml', buffer: Buffer.from(xml.replace('<endEvent', '<scriptTask id="run" scriptFormat="javascript"><script>1</script></scriptTask><endEvent')) });
  await expect(toast(page, /run/)).toBeVisible();
  await page.goto('/flow/manager');
  const manager = region(page, '流程管理');
  await row(manager, `材料复核${tag}`).getByRole('button', { name: '挂起' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row(manager, `材料复核${tag}`)).toContainText('挂起');
  await page.screenshot({ path: 'screenshots/workflow-manager-zh.png' });
  await page.goto('/flow/follow');
  const follow = region(page, '流程跟踪');
  await expect(row(follow, '请假流程').first()).toBeVisible();
});
