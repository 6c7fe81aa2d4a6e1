import { expect, test } from '@playwright/test';
import { publishedActivity } from '../support/activities';
import { newAlumnus, portalSignIn, staff } from '../support/portal';
import { apiToken } from '../support/session';

const tag = Date.now().toString(36).toUpperCase();
const seq = Number.parseInt(tag.slice(-5), 36);
/** A time `minutes` from now on the server's clock (the product's default zone, Asia/Shanghai). */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Json = Record<string, unknown>;

const TEXT = {
  zh: {
    full: '名额已满，候补 0 人', join: '报名候补', fullNote: '名额已满：提交后将进入候补', waitlisted: '候补第 1 位', toast: '您已进入候补第 1 位',
    confirmed: '已确认', message: '候补成功', cancel: '取消报名', ask: '确定取消', yes: '确定', cancelled: '已取消', seatsLeft: '余 1 席 / 共 1 席',
  },
  en: {
    full: 'Full; 0 on the waitlist', join: 'Join the waitlist', fullNote: 'No seats left: you will join the waitlist', waitlisted: 'Waitlist no. 1',
    toast: 'you are number 1 on the waitlist', confirmed: 'Confirmed', message: 'You have a seat', cancel: 'Cancel application', ask: 'Cancel your application for',
    yes: 'Confirm', cancelled: 'Cancelled', seatsLeft: '1 of 1 seats left',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`an alumnus applies for a full activity, waits in line, is promoted when a seat comes free, and cancels (${lang})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const L = TEXT[lang];
    const office = await apiToken(request, 'admin');
    const holder = await newAlumnus(request, `${lang === 'zh' ? '占座' : 'Seat'}${tag.slice(-3)}${lang}`, seq + (lang === 'zh' ? 51 : 57));
    const me = await newAlumnus(request, `${lang === 'zh' ? '候补' : 'Wait'}${tag.slice(-3)}${lang}`, seq + (lang === 'zh' ? 61 : 67));
    const title = `${lang === 'zh' ? '校庆晚会' : 'Anniversary gala'} ${tag}${lang}`;
    // One seat, taken at once by another alumnus.
    const activityId = await publishedActivity(request, office, { title, startIn: 120, endIn: 300, signupEndIn: 100, capacity: 1, needConfirm: 0, content: '<p>校庆晚会</p>' });
    const seated = (await staff(request, office, 'POST', '/blade-actApplist/actApplist/submit', {
      activityId: activityId, alumniId: holder.id, name: holder.name, areaCode: '+86', phone: holder.phone, companions: 0,
    })).data as Json;
    expect(seated.applyStatus).toBe(1);

    await page.goto('/portal/activities');
    await expect(page).toHaveURL(/\/portal\/login/);
    if (lang === 'en') await page.getByRole('button', { name: 'Switch to English' }).click();
    await portalSignIn(page, request, me.phone, lang);
    await expect(page).toHaveURL(/\/portal\/activities/);
    const card = page.locator('.p-activity').filter({ hasText: title });
    await expect(card.getByTestId('seats')).toHaveText(L.full);
    await card.getByRole('button', { name: L.join }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(L.fullNote);
    await page.screenshot({ path: `screenshots/waitlist-apply-${lang}.png` });
    await dialog.getByRole('button', { name: lang === 'zh' ? '报名' : 'Apply', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: L.toast })).toBeVisible();
    await expect(card.getByTestId('seats')).toHaveText(lang === 'zh' ? '名额已满，候补 1 人' : 'Full; 1 on the waitlist');
    await expect(card).toContainText(L.waitlisted);
    const mine = page.locator('.p-row').filter({ hasText: title });
    await expect(mine).toContainText(L.waitlisted);
    await page.screenshot({ path: `screenshots/waitlist-waiting-${lang}.png`, fullPage: true });

    // The seated alumnus cancels (staff record it): the next in line, me, gets the seat and a message.
    await staff(request, office, 'POST', '/blade-actApplist/actApplist/submit', { id: String(seated.id), applyStatus: 3 });
    await page.reload();
    await expect(mine).toContainText(L.confirmed);
    await expect(card.getByTestId('seats')).toHaveCount(1);
    await page.screenshot({ path: `screenshots/waitlist-promoted-${lang}.png`, fullPage: true });
    await page.goto('/portal/messages');
    await expect(page.getByText(new RegExp(L.message)).first()).toBeVisible();
    await page.screenshot({ path: `screenshots/waitlist-message-${lang}.png` });

    // I cancel in turn: asked first, then the seat is free again.
    await page.goto('/portal/activities');
    await mine.getByRole('button', { name: L.cancel }).click();
    const ask = page.getByRole('dialog').filter({ hasText: L.ask });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: L.yes, exact: true }).click();
    await expect(mine).toContainText(L.cancelled);
    await expect(card.getByTestId('seats')).toHaveText(L.seatsLeft);
    await page.screenshot({ path: `screenshots/waitlist-cancelled-${lang}.png`, fullPage: true });
  });
}
