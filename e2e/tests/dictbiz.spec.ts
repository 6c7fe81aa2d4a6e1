import { expect, test } from '@playwright/test';
import { openPage, region } from '../support/crud';
import { dictionaryRoundTrip } from '../support/dict';
import { signIn } from '../support/session';

test('business dictionary: add, search, edit and delete a dictionary and its entries', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/system/dictbiz/index');
  await expect(region(page, '字典列表')).toBeVisible();
  await dictionaryRoundTrip(page, 'e2e_biz', '端到端业务字典');
});
