import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { cameraBrowser, qrVideo } from '../support/camera';
import { button, chooseBySearch, row, searchForm } from '../support/crud';
import { foreignText } from '../support/language-scan';
import { newAlumnus, portalSignIn, staff } from '../support/portal';
import { residentId } from '../support/registrations';
import { apiToken, signIn } from '../support/session';

const CARDS = '/blade-alumniCard/alumniCard';
const tag = Date.now().toString(36).toUpperCase();
const seq = Number.parseInt(tag.slice(-5), 36);

const TEXTS = {
  zh: {
    tile: /电子校友卡/, name: '姓名', id: '证件号码', apply: '提交申请', mismatch: '与校友档案不一致', register: '前往校友登记',
    pending: '申请审核中', kind: '电子校友卡', qr: '校友卡二维码（每分钟更新）', benefits: '查看权益', benefitsTitle: '校友权益', front: '返回卡面',
    code: '校友卡码', verify: /^核\s?验$/, valid: '校友卡有效', stale: '截图无效', active: '有效', suspended: '该校友卡已停用',
    camera: '用摄像头扫描校友卡', stop: '停止扫码', entity: '业务对象', cardEntity: '电子校友卡', search: '搜索', view: '查看', detail: '审计详情',
    stateField: '卡状态', reasonField: '状态变更原因', reason: '校友挂失',
    approved: '已通过', cardNoField: '卡号', suspend: '停用', ok: '确定', reasonLabel: '原因', reasonRequired: '请填写停用或注销的原因', done: '已更新校友卡状态',
  },
  en: {
    tile: /Alumni card/, name: 'Name', id: 'ID number', apply: 'Apply', mismatch: 'does not match your alumni record', register: 'Register as an alumnus',
    pending: 'Application being examined', kind: 'Alumni card', qr: 'Alumni card QR code (new every minute)', benefits: 'Benefits', benefitsTitle: 'Alumni benefits', front: 'Card face',
    code: 'Card code', verify: 'Verify', valid: 'The card is valid', stale: 'a screenshot does not work', active: 'Active', suspended: 'This card is suspended',
    camera: 'Scan the card with the camera', stop: 'Stop scanning', entity: 'Record type', cardEntity: 'Alumni card', search: 'Search', view: 'View', detail: 'Audit entry',
    stateField: 'Card state', reasonField: 'Reason for the state', reason: 'Reported lost',
    approved: 'Approved', cardNoField: 'Card number', suspend: 'Suspend', ok: 'OK', reasonLabel: 'Reason', reasonRequired: 'Please give the reason for suspending or revoking', done: 'The card state is updated',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`an alumnus applies for the card, is approved, shows it, and the office verifies it (${lang})`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const L = TEXTS[lang];
    const sequence = seq + (lang === 'zh' ? 51 : 53);
    const alumnus = await newAlumnus(request, lang === 'zh' ? `校友卡${tag.slice(-3)}` : `Card Holder ${tag.slice(-3)}`, sequence);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();

    await page.goto('/portal/login?tenant=000000');
    if (lang === 'en') await page.getByRole('button', { name: 'Switch to English' }).click();
    await portalSignIn(page, request, alumnus.phone, lang);
    await page.getByRole('link', { name: L.tile }).click();
    await expect(page).toHaveURL(/\/portal\/card$/);

    // A wrong ID number is refused, the registration offered; nothing is recorded.
    await page.getByLabel(L.name, { exact: true }).fill(alumnus.name);
    await page.getByLabel(L.id, { exact: true }).fill(residentId(sequence + 1));
    await page.getByRole('button', { name: L.apply }).click();
    const refusal = page.getByRole('alert').filter({ hasText: L.mismatch });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('link', { name: L.register })).toHaveAttribute('href', '/regist?tenantId=000000');
    await page.screenshot({ path: `screenshots/card-refused-${lang}.png` });

    await page.getByLabel(L.id, { exact: true }).fill(residentId(sequence));
    await page.getByRole('button', { name: L.apply }).click();
    await expect(page.getByRole('heading', { name: L.pending })).toBeVisible();
    await page.screenshot({ path: `screenshots/card-pending-${lang}.png` });

    // The office approves it.
    const office = await apiToken(request, 'office');
    const list = (await staff(request, office, 'GET', `${CARDS}/list?alumniId=${alumnus.id}&examineStatus=0`)).data as { records: { id: string }[] };
    const id = String(list.records[0]?.id ?? '');
    expect(id).not.toBe('');
    expect((await staff(request, office, 'GET', `${CARDS}/examine?ids=${id}&examineStatus=1&examineOpinion=ok`)).data).toMatchObject({ succeeded: 1 });

    await page.reload();
    const qr = page.getByRole('img', { name: L.qr });
    await expect(qr).toBeVisible();
    await expect(page.getByText(alumnus.name, { exact: true })).toBeVisible();
    await expect(page.getByText(L.kind, { exact: true }).first()).toBeVisible();
    const code = String(await qr.getAttribute('data-code'));
    expect(code).toMatch(/^\d{10}-\d{6}$/);
    await expect(page.getByText(code.slice(-6), { exact: true })).toBeVisible();
    await page.screenshot({ path: `screenshots/card-front-${lang}.png` });
    expect(await foreignText(page, lang)).toEqual([]);
    await page.getByRole('button', { name: L.benefits }).click();
    await expect(page.getByRole('heading', { name: L.benefitsTitle })).toBeVisible();
    await page.screenshot({ path: `screenshots/card-back-${lang}.png` });
    await page.getByRole('button', { name: L.front }).click();
    await expect(qr).toBeVisible();

    // The office verifies the card on a phone whose camera sees the code the card shows now; a made-up code typed is refused.
    const camera = await cameraBrowser(qrVideo(code, path.join(tmpdir(), `card-${tag}-${lang}.y4m`)));
    try {
      const desk = await camera.newContext({
        baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
        locale: lang === 'zh' ? 'zh-CN' : 'en-US', permissions: ['camera'], reducedMotion: 'reduce',
      });
      const staffPage = await desk.newPage();
      await signIn(staffPage, { account: 'office' }, { to: '/alumni/alumnicardverify', lang: lang, theme: 'theme-default' });
      const input = staffPage.getByLabel(L.code);
      await input.fill(`${code.slice(0, 10)}-${code.endsWith('000000') ? '111111' : '000000'}`);
      await staffPage.getByRole('button', { name: L.verify }).click();
      await expect(staffPage.locator('.ant-alert').filter({ hasText: L.stale })).toBeVisible();
      await staffPage.getByRole('button', { name: L.camera }).click();
      const verdict = staffPage.locator('.ant-alert-success').filter({ hasText: L.valid });
      await expect(verdict).toBeVisible({ timeout: 30_000 });
      await expect(staffPage.getByText(alumnus.name, { exact: true })).toBeVisible();
      await expect(staffPage.getByText(code.slice(0, 10), { exact: true })).toBeVisible();
      await expect(staffPage.locator('.ant-tag').filter({ hasText: L.active })).toBeVisible();
      expect(await foreignText(staffPage, lang)).toEqual([]);
      await staffPage.screenshot({ path: `screenshots/card-verified-camera-${lang}.png`, fullPage: true });
      await staffPage.getByRole('button', { name: L.stop }).click();
      await expect(staffPage.getByRole('button', { name: L.camera })).toBeVisible();

      // The office suspends the card on 电子校友卡, which asks the reason first; the same card is then refused when typed in.
      const cards = await browser.newContext();
      const cardsPage = await cards.newPage();
      await signIn(cardsPage, { account: 'office' }, { to: '/alumni/alumnicard', lang: lang, theme: 'theme-default' });
      await cardsPage.getByRole('tab', { name: L.approved }).click();
      const filters = await searchForm(cardsPage);
      await filters.getByLabel(L.cardNoField, { exact: true }).fill(code.slice(0, 10));
      await button(filters, L.search).click();
      const line = row(cardsPage.locator('.ant-table').first(), code.slice(0, 10));
      await expect(line).toHaveCount(1);
      // The code the card shows now (it changes every minute and is good a minute either side): read
      // just before the suspension, so a slow sign-in above cannot make it stale by the time it is typed.
      const current = String(await qr.getAttribute('data-code'));
      expect(current.slice(0, 10)).toBe(code.slice(0, 10));
      await button(line, L.suspend).click();
      const ask = cardsPage.locator('.ant-modal-confirm');
      await button(ask, L.ok).click();
      await expect(ask.getByText(L.reasonRequired)).toBeVisible();
      await cardsPage.screenshot({ path: `screenshots/card-suspend-reason-${lang}.png` });
      await ask.getByLabel(L.reasonLabel).fill(L.reason);
      await button(ask, L.ok).click();
      await expect(cardsPage.getByText(L.done)).toBeVisible();
      await expect(ask).toHaveCount(0);
      await cards.close();
      await input.fill(current);
      await staffPage.getByRole('button', { name: L.verify }).click();
      await expect(staffPage.locator('.ant-alert-error').filter({ hasText: L.suspended })).toBeVisible();
      await staffPage.screenshot({ path: `screenshots/card-suspended-${lang}.png` });
    } finally {
      await camera.close();
    }

    // The audit trail shows the suspension: the card, the state before and after, and the reason.
    const auditor = await browser.newContext();
    const auditPage = await auditor.newPage();
    await signIn(auditPage, undefined, { to: '/monitor/log/audit/index', lang: lang, theme: 'theme-default' });
    const form = await searchForm(auditPage);
    await chooseBySearch(auditPage, form, L.entity, L.cardEntity);
    await button(form, L.search).click();
    const table = auditPage.locator('.ant-table').first();
    const lines = row(table, code.slice(0, 10));
    await expect(lines.first()).toContainText(L.stateField);
    await button(lines.first(), L.view).click();
    const drawer = auditPage.locator('.ant-drawer').filter({ hasText: L.detail });
    await expect(drawer.locator('.audit-changes')).toContainText(L.reason);
    await expect(drawer.locator('.audit-changes')).toContainText(L.reasonField);
    await auditPage.screenshot({ path: `screenshots/card-audit-${lang}.png` });
    await phone.close();
    await auditor.close();
  });
}
