import { expect, type Page } from '@playwright/test';
import { button, confirmDelete, fieldError, formDialog, region, row, search } from './crud';
import { toast } from './session';

/**
 * The whole life of one dictionary on a dictionary page: the parent is added (after the required
 * messages), found and edited; an entry is added under it with code and parent fixed, edited and
 * deleted; then the parent is deleted. Code and name carry a tag of the run, so a retry after a
 * failure half-way does not meet the rows the failed try left behind.
 */
export async function dictionaryRoundTrip(page: Page, baseCode: string, baseName: string): Promise<void> {
  const tag = Date.now().toString(36).slice(-5);
  const code = `${baseCode}_${tag}`;
  const name = `${baseName}${tag}`;
  const parents = region(page, '字典列表');
  await button(parents, '新增').click();
  const dialog = formDialog(page);
  await button(dialog, '保存').click();
  await expect(fieldError(dialog, '请输入字典编号')).toBeVisible();
  await expect(fieldError(dialog, '请输入字典名称')).toBeVisible();
  await expect(fieldError(dialog, '请输入字典排序')).toBeVisible();
  await dialog.getByLabel('字典编号').fill(code);
  await dialog.getByLabel('字典名称').fill(name);
  await dialog.getByLabel('字典排序').fill('99');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(parents, { 字典编号: code });
  await expect(row(parents, code)).toHaveCount(1);
  await button(row(parents, code), '编辑').click();
  await dialog.getByLabel('字典备注').fill('端到端测试');
  await button(dialog, '修改').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row(parents, code)).toContainText('端到端测试');

  await button(row(parents, code), '字典配置').click();
  const children = region(page, '字典配置');
  await expect(children.getByText(`字典配置: ${name} (${code})`)).toBeVisible();
  await button(children, '新增').click();
  await expect(dialog.getByLabel('字典编号')).toHaveValue(code);
  await expect(dialog.getByLabel('字典编号')).toBeDisabled();
  await expect(dialog.locator('.ant-select-disabled')).toContainText(name);
  await button(dialog, '保存').click();
  await expect(fieldError(dialog, '请输入字典键值')).toBeVisible();
  await expect(fieldError(dialog, '请输入字典名称')).toBeVisible();
  await dialog.getByLabel('字典名称').fill('选项一');
  await dialog.getByLabel('字典键值').fill('1');
  await dialog.getByLabel('字典排序').fill('1');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(row(children, '选项一')).toHaveCount(1);
  await expect(row(children, '选项一')).toContainText(name);

  await button(row(children, '选项一'), '编辑').click();
  await dialog.getByLabel('字典名称').fill('选项甲');
  await button(dialog, '修改').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row(children, '选项甲')).toHaveCount(1);

  await button(row(children, '选项甲'), '查看').click();
  await expect(dialog.locator('.ant-descriptions')).toContainText('字典名称');
  await expect(dialog.locator('.ant-descriptions')).toContainText('选项甲');
  await button(dialog.locator('.ant-modal-footer'), '关闭').click();

  await button(row(children, '选项甲'), '删除').click();
  await confirmDelete(page);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(children, '选项甲')).toHaveCount(0);

  await button(row(parents, code), '删除').click();
  await confirmDelete(page);
  await expect(row(parents, code)).toHaveCount(0);
}
