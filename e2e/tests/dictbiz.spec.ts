import { expect, test } from '@playwright/test';
import { region, signInTo } from '../support/crud';
import { dictionaryRoundTrip } from '../support/dict';


test('business dictionary: add, search, edit and delete a dictionary and its entries', async ({ page }) => {
  await signInTo(page, '/system/dictbiz/index');
  await expect(region(page, '字典列表')).toBeVisible();
  await dictionaryRoundTrip(page, 'e2e_biz', '端到端业务字典');
});
