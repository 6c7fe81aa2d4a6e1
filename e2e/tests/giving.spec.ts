import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { button, choose, formDialog, region, row, search, signInTo } from '../support/crud';
import { CLIENT, apiToken, toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();

/** The names of the entries of a zip, read from its central directory. */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4)) {
    names.push(zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString('utf8'));
  }
  return names;
}

const today = () => {
  const d = new Date(Date.now() - 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
};

test('a pledge is recorded in the form, received with its donation code, and its receipt printed as a PDF', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The strip shows the sums the API counts (other tests of the run add gifts to the demo's): in yuan,
  // grouped by thousands, two decimals.
  const token = await apiToken(request, 'foundation');
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' };
  const sums = (await (await request.get('/api/donation/countAmount', { headers })).json()).data as { totalAmount: string };
  expect(Number(sums.totalAmount)).toBeGreaterThanOrEqual(3_218_650);
  const total = Number(sums.totalAmount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await signInTo(page, '/giving/donation', { account: 'foundation' });
  await expect(page.getByText('累计到账')).toBeVisible();
  await expect(page.getByText(`¥${total}`)).toBeVisible();
  const list = region(page, '捐赠');
  await button(list, '新增').click();
  const dialog = formDialog(page);
  const donor = `示范企业${tag}`;
  await choose(page, dialog, '捐赠方类型', '校友企业');
  await dialog.getByLabel('捐赠方名称', { exact: true }).fill(donor);
  await choose(page, dialog, '捐赠用途', '奖助学金');
  await choose(page, dialog, '捐赠方式', '银行转账');
  await dialog.getByLabel('捐赠金额', { exact: true }).fill('8888');
  const when = dialog.getByLabel('捐赠时间', { exact: true });
  await when.click();
  await when.fill(today());
  await when.press('Enter');
  await page.screenshot({ path: 'screenshots/giving-donation-form-zh.png' });
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await search(list, { 捐赠方名称: donor });
  const gift = row(list, donor);
  await expect(gift).toContainText('待支付');
  await expect(gift).toContainText('8,888.00');
  await gift.getByRole('button', { name: '确认到账' }).click();
  const receive = page.getByRole('dialog').filter({ hasText: '到账日期' });
  await button(receive, '确定').click();
  await expect(gift).toContainText('已支付');
  await expect(gift).toContainText(/JZ\d{10}/);
  const [download] = await Promise.all([page.waitForEvent('download'), gift.getByRole('button', { name: '打印票据' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^捐赠收据-JZ\d{10}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.includes('NotoSansHans')).toBe(true);
  await page.screenshot({ path: 'screenshots/giving-donation-zh.png' });

  await setLook(page, 'en', 'theme-default');
  await expect(page.getByText('Received in all')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' }).first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/giving-donation-en.png' });
  await setLook(page, 'zh', 'theme-default');
});

test('photos are uploaded to a new album with thumbnails, and the album is downloaded as a zip', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, '/activity/photo', { account: 'association' });
  const list = region(page, '相册');
  await expect(row(list, '北京校友会新春联谊会')).toBeVisible();
  await button(list, '新增').click();
  const dialog = formDialog(page);
  const name = `联谊会花絮${tag}`;
  await dialog.getByLabel('相册名称', { exact: true }).fill(name);
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await search(list, { 相册名称: name });
  await row(list, name).getByRole('button', { name: '打开' }).click();

  const drawer = page.getByRole('dialog').filter({ hasText: name });
  const pictures = await Promise.all([1, 2, 3].map(async (n) => ({
    name: `花絮${n}.jpg`, mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 900 + n * 100, height: 600, channels: 3, background: { r: 40 * n, g: 120, b: 200 } } }).jpeg().toBuffer(),
  })));
  await drawer.locator('input[type=file]').setInputFiles(pictures);
  await expect(drawer.getByTestId('album-photo')).toHaveCount(3);
  const thumbnail = drawer.getByTestId('album-photo').first().locator('img');
  await expect(thumbnail).toHaveJSProperty('naturalWidth', 400);
  await page.screenshot({ path: 'screenshots/giving-album-zh.png' });
  const [zip] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: '下载全部' }).click()]);
  expect(zip.suggestedFilename()).toBe(`${name}.zip`);
  expect(zipEntries(await readFile(await zip.path())).sort()).toEqual(['花絮1.jpg', '花絮2.jpg', '花絮3.jpg']);
  await expect(row(list, name)).toContainText('3');

  await setLook(page, 'en', 'theme-default');
  await expect(page.getByRole('button', { name: 'Open' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Open' }).first().click();
  await expect(page.getByText('Select all')).toBeVisible();
  await page.screenshot({ path: 'screenshots/giving-album-en.png' });
  await setLook(page, 'zh', 'theme-default');
});

test('a shared album opens without signing in while the share is valid', async ({ browser, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' };
  const album = '1900000000000150002';
  const shared = await (await request.post(`/api/photo/shareAlbum?id=${album}&expireDays=1`, { headers })).json();
  expect(shared.data.shareCode).toMatch(/^[A-Za-z0-9]{8}$/);
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto(`/share/album/${String(shared.data.shareCode)}`);
  await expect(page.getByRole('heading', { name: '分享的相册' })).toBeVisible();
  await expect(page.locator('figure img')).toHaveCount(8);
  await page.screenshot({ path: 'screenshots/giving-shared-album-zh.png' });
  await request.post(`/api/photo/shareAlbum?id=${album}&cancel=1`, { headers });
  await page.reload();
  await expect(page.getByText('分享链接已失效')).toBeVisible();
  await guest.close();
});
