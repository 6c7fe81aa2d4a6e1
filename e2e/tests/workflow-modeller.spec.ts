import { expect, test, type Page } from '@playwright/test';
import { region, row } from '../support/crud';
import { signIn, toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).slice(-5);
const key = `approval${tag}`;
const name = `材料审批${tag}`;

/** Sets a property of the selected element: the panel applies a field when it loses focus. */
async function setProperty(page: Page, label: string, value: string) {
  const field = page.getByRole('form', { name: '属性' }).getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Tab');
}

test('a process designed in the modeller is deployed, started, claimed and completed, its diagram highlighted', async ({ page: adminPage, browser }) => {
  /** Each person in a browser of their own. */
  const as = async (account: string): Promise<Page> => {
    const own = await (await browser.newContext()).newPage();
    await signIn(own, { account });
    return own;
  };
  let page = adminPage;
  await signIn(page, { account: 'admin' }, '/flow/model');
  const modeller = region(page, '模型设计');
  await expect(modeller.getByTestId('bpmn-modeler').locator('[data-element-id="task"]')).toBeVisible();
  // The bpmn.io mark stays on the canvas.
  await expect(modeller.locator('.bjs-powered-by')).toBeVisible();
  await modeller.getByRole('button', { name: '新建流程' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建流程' });
  await dialog.getByLabel('流程标识').fill(key);
  await dialog.getByLabel('流程名称').fill(name);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();

  // The task goes to the leaders (candidate group = the role alias leader).
  await modeller.locator('[data-element-id="task"]').first().click();
  await setProperty(page, '名称', '领导审批');
  await setProperty(page, '办理人', '');
  await setProperty(page, '候选组', 'leader');
  await expect(modeller.locator('[data-element-id="task"]').first()).toContainText('领导审批');

  // A condition the safe expressions refuse: the deploy answers why, naming the flow; nothing is deployed.
  // Off the task first: its context pad lies over the flow's middle.
  await modeller.getByTestId('bpmn-modeler').click({ position: { x: 650, y: 520 } });
  await modeller.locator('[data-element-id="toEnd"] .djs-hit').first().click({ force: true });
  await expect(page.getByRole('form', { name: '属性' })).toContainText('SequenceFlow');
  await setProperty(page, '流转条件', '${notify()}');
  await modeller.getByRole('button', { name: '部 署' }).click();
  await expect(modeller.getByRole('alert')).toContainText('toEnd');
  await setProperty(page, '流转条件', '');
  await modeller.getByRole('button', { name: '部 署' }).click();
  await expect(toast(page, `已部署 ${name} v1`)).toBeVisible();
  await page.screenshot({ path: 'screenshots/workflow-modeller-zh.png' });

  // A secretary starts it from the start list (no form: asked first).
  page = await as('college');
  await page.goto('/work/start');
  await row(region(page, '发起事务'), name).getByRole('button', { name: '发起' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '流程已发起')).toBeVisible();
  await expect(row(region(page, '已发事务'), name).first()).toContainText('领导审批');

  // A leader claims and completes it, seeing the diagram with the current step.
  page = await as('leader');
  await page.goto('/work/claim');
  await row(region(page, '待签事务'), name).first().getByRole('button', { name: '签收' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '签收成功，已移入待办事务')).toBeVisible();
  await page.goto('/work/todo');
  await row(region(page, '待办事务'), name).first().getByRole('button', { name: '办理' }).click();
  let diagram = page.getByTestId('process-diagram');
  await expect(diagram.locator('[data-element-id="task"].bpmn-step-current')).toBeVisible();
  await expect(diagram.locator('[data-element-id="start"].bpmn-step-done')).toBeVisible();
  await page.getByLabel('审批意见').fill('同意');
  await page.getByRole('button', { name: '同 意' }).click();
  await expect(toast(page, '办理成功')).toBeVisible();

  await page.goto('/work/done');
  diagram = page.getByTestId('process-diagram');
  await row(region(page, '办结事务'), name).first().getByRole('button', { name: '详情' }).click();
  await expect(page.getByRole('region', { name: '流转记录' })).toContainText('领导审批');
  await expect(diagram.locator('[data-element-id="end"].bpmn-step-done')).toBeVisible();
  await expect(diagram.locator('[data-element-id="task"].bpmn-step-done')).toBeVisible();
  await page.screenshot({ path: 'screenshots/workflow-diagram-zh.png' });

  // The same detail in English, read by the administrator (流程跟踪 sees every instance).
  const detailUrl = new URL(page.url()).pathname;
  await setLook(adminPage, 'en', 'theme-default');
  await adminPage.goto(detailUrl);
  await expect(adminPage.getByRole('region', { name: 'History' })).toContainText('领导审批');
  await expect(adminPage.getByTestId('process-diagram').locator('[data-element-id="end"].bpmn-step-done')).toBeVisible();
  await adminPage.screenshot({ path: 'screenshots/workflow-diagram-en.png' });
});

test('the modeller in English opens a deployed process', async ({ page }) => {
  await signIn(page, { account: 'admin' }, { to: '/flow/model', lang: 'en', theme: 'theme-default' });
  const modeller = region(page, 'Process modeller');
  await modeller.getByLabel('Open a deployed process').click();
  await page.locator('.ant-select-dropdown:visible').getByText(/leave v1/).first().click();
  await expect(modeller.locator('[data-element-id="adjustTask"]')).toBeVisible();
  await modeller.locator('[data-element-id="approverTask"]').first().click();
  await expect(page.getByRole('form', { name: 'Properties' }).getByLabel('Assignee', { exact: true })).toHaveValue('${taskUser}');
  await page.screenshot({ path: 'screenshots/workflow-modeller-en.png' });
});
