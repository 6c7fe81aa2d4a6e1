import { expect, test, type Page } from '@playwright/test';
import { button, choose, formDialog, region, row, signInTo } from '../support/crud';
import { toast } from '../support/session';

interface Words {
  lang: 'zh' | 'en';
  list: string; hint: string; add: string; save: string; ok: string; remove: string;
  target: string; targetName: string; days: string; action: string; purge: string;
  tooShort: string; added: string; hold: string; holdOnAsk: string; holdOn: string; holdOffAsk: string; holdOff: string;
  run: string; runAsk: string; runTitle: string; done: string; result: RegExp; deleted: string;
}

const ZH: Words = {
  lang: 'zh', list: '数据保留策略', hint: '日志至少保留 180 天（六个月）', add: '新增', save: '保存', ok: '确定', remove: '删除',
  target: '数据对象', targetName: '操作与登录日志', days: '保留天数', action: '处理方式', purge: '删除',
  tooShort: '日志至少保留 180 天（六个月），不能设为 90 天', added: '新增成功',
  hold: '法律保全', holdOnAsk: '开启法律保全', holdOn: '已开启法律保全', holdOffAsk: '解除“操作与登录日志”的法律保全', holdOff: '已解除法律保全',
  run: '立即执行', runAsk: '确定立即执行数据保留策略？', runTitle: '数据保留执行', done: '执行完成', result: /^操作与登录日志：删除 \d+ 行$/,
  deleted: '删除成功',
};
const EN: Words = {
  lang: 'en', list: 'Retention policy', hint: 'Logs are kept at least 180 days (six months)', add: 'Add', save: 'Save', ok: 'OK', remove: 'Delete',
  target: 'Data object', targetName: 'API log', days: 'Days kept', action: 'Action', purge: 'Purge',
  tooShort: 'Logs are kept at least 180 days (six months); 90 days is too short', added: 'Added',
  hold: 'Legal hold', holdOnAsk: 'under legal hold', holdOn: 'Legal hold on', holdOffAsk: 'Release the legal hold on "API log"', holdOff: 'Legal hold released',
  run: 'Run now', runAsk: 'Run the retention policies now?', runTitle: 'Retention run', done: 'Run completed', result: /^API log: purged \d+ rows$/,
  deleted: 'Deleted',
};

/** The confirmation an action asks first, answered with OK. */
async function confirm(page: Page, w: Words, text: string): Promise<void> {
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await expect(ask).toBeVisible();
  await button(ask, w.ok).click();
  await expect(ask).toBeHidden();
}

for (const w of [ZH, EN]) {
  test(`data retention: a short log period is refused, legal hold toggles and run now reports its rows (${w.lang})`, async ({ page }) => {
    await signInTo(page, '/system/retention', { tenantId: '100001', account: 'admin' }, { lang: w.lang });
    const list = region(page, w.list);
    await expect(page.getByText(w.hint)).toBeVisible();

    await button(list, w.add).click();
    const dialog = formDialog(page);
    await choose(page, dialog, w.target, w.targetName);
    await dialog.getByLabel(w.days, { exact: true }).fill('90');
    await choose(page, dialog, w.action, w.purge);
    await button(dialog, w.save).click();
    await expect(toast(page, w.tooShort)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(w.days, { exact: true }).fill('400');
    await button(dialog, w.save).click();
    await expect(toast(page, w.added)).toBeVisible();
    await expect(dialog).toBeHidden();
    const policy = row(list, w.targetName);
    await expect(policy).toContainText('400');

    // Legal hold, asked first, on and off again.
    const hold = page.getByRole('switch', { name: `${w.hold} ${w.targetName}` });
    await expect(hold).not.toBeChecked();
    await hold.click();
    await confirm(page, w, w.holdOnAsk);
    await expect(toast(page, w.holdOn)).toBeVisible();
    await expect(page.getByRole('switch', { name: `${w.hold} ${w.targetName}` })).toBeChecked();
    await page.getByRole('switch', { name: `${w.hold} ${w.targetName}` }).click();
    await confirm(page, w, w.holdOffAsk);
    await expect(toast(page, w.holdOff)).toBeVisible();
    await expect(page.getByRole('switch', { name: `${w.hold} ${w.targetName}` })).not.toBeChecked();

    // Run now, asked first: the run's rows per target once it is done.
    await button(region(page, w.list), w.run).click();
    await confirm(page, w, w.runAsk);
    const run = page.getByRole('dialog').filter({ hasText: w.runTitle });
    await expect(run.getByText(w.done)).toBeVisible({ timeout: 30_000 });
    await expect(run.getByTestId('retention-result').filter({ hasText: w.result })).toHaveCount(1);
    await page.screenshot({ path: `screenshots/data-retention-run-${w.lang}.png` });
    await run.getByRole('button', { name: /close|关闭/i }).click();
    await expect(row(region(page, w.list), w.targetName)).toContainText('0');

    await button(row(region(page, w.list), w.targetName), w.remove).click();
    await button(page.getByRole('dialog').last(), w.ok).click();
    await expect(toast(page, w.deleted)).toBeVisible();
    await expect(row(region(page, w.list), w.targetName)).toHaveCount(0);
  });
}
