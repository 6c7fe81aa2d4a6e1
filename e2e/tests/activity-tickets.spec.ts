import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { publishedActivity } from '../support/activities';
import { cameraBrowser, qrVideo } from '../support/camera';
import { label } from '../support/crud';
import { newAlumnus, portalSignIn, staff } from '../support/portal';
import { apiToken, signIn } from '../support/session';

const tag = Date.now().toString(36).toUpperCase();
const seq = Number.parseInt(tag.slice(-5), 36);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Json = Record<string, unknown>;

/** A published activity starting in 30 minutes (check-in open) and a confirmed application of the alumnus; answers ids and the 6-digit code. */
async function confirmedApplication(request: APIRequestContext, token: string, alumnus: { id: string; name: string; phone: string }, title: string) {
  const activityId = await publishedActivity(request, token, { title, startIn: 30, endIn: 240, signupEndIn: 20, capacity: 80, needConfirm: 1, content: '<p>返校日</p>' });
  const applied = (await staff(request, token, 'POST', '/blade-actApplist/actApplist/submit', {
    activityId, alumniId: alumnus.id, name: alumnus.name, areaCode: '+86', phone: alumnus.phone, companions: 0,
  })).data as Json;
  const confirmed = (await staff(request, token, 'POST', '/blade-actApplist/actApplist/submit', { id: String(applied.id), applyStatus: 1 })).data as Json;
  return { activityId, applicationId: String(applied.id), code: String(confirmed.checkInCode) };
}

const TEXT = {
  zh: { ticket: '活动门票', show: '入场时请出示此二维码', camera: '用摄像头扫码签到', done: '签到成功', already: '此门票已于', checkIn: '签到', code: '签到码', activity: '选择活动', checkedIn: '已签到' },
  en: { ticket: 'Event ticket', show: 'Show this QR code at the entrance', camera: 'Scan tickets with the camera', done: 'Checked in (', already: 'This ticket was already checked in at', checkIn: 'Check in', code: 'Check-in code', activity: 'Choose the activity', checkedIn: 'Checked in' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`the portal shows a ticket's QR code and the desk checks it in with the phone's camera and by code (${lang})`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const L = TEXT[lang];
    const office = await apiToken(request, 'admin');
    const alumnus = await newAlumnus(request, `${lang === 'zh' ? '票务' : 'Ticket'}${tag.slice(-3)}${lang}`, seq + (lang === 'zh' ? 31 : 37));
    const guest = await newAlumnus(request, `${lang === 'zh' ? '票友' : 'Guest'}${tag.slice(-3)}${lang}`, seq + (lang === 'zh' ? 41 : 47));
    const title = `${lang === 'zh' ? '返校日' : 'Homecoming'} ${tag}${lang}`;
    const mine = await confirmedApplication(request, office, alumnus, title);
    const theirs = (await staff(request, office, 'POST', '/blade-actApplist/actApplist/submit', {
      activityId: mine.activityId, alumniId: guest.id, name: guest.name, areaCode: '+86', phone: guest.phone, companions: 0,
    })).data as Json;
    const guestCode = String(((await staff(request, office, 'POST', '/blade-actApplist/actApplist/submit', { id: String(theirs.id), applyStatus: 1 })).data as Json).checkInCode);

    // The alumnus opens the ticket's link, signs in, and sees the QR code at phone width.
    await page.goto(`/portal/ticket/${mine.applicationId}?tenant=000000`);
    await expect(page).toHaveURL(/\/portal\/login\?next=/);
    if (lang === 'en') await page.getByRole('button', { name: 'Switch to English' }).click();
    await portalSignIn(page, request, alumnus.phone, lang);
    await expect(page).toHaveURL(new RegExp(`/portal/ticket/${mine.applicationId}`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const qr = page.getByRole('img', { name: lang === 'zh' ? '门票二维码' : 'Ticket QR code' });
    await expect(qr).toBeVisible();
    await expect(page.getByText(L.show)).toBeVisible();
    const token = String(await qr.getAttribute('data-token'));
    expect(token).toMatch(/^T1\.000000\./);
    await page.screenshot({ path: `screenshots/ticket-portal-${lang}.png` });
    // The ticket is also reached from my applications.
    await page.goto('/portal/activities');
    const applications = page.getByRole('region', { name: lang === 'zh' ? '我的报名' : 'My applications' });
    await applications.locator('li').filter({ hasText: title }).getByRole('link', { name: lang === 'zh' ? '门票' : 'Ticket' }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/ticket/${mine.applicationId}$`));
    await expect(qr).toBeVisible();

    // The desk, on a phone whose camera sees the ticket's QR code.
    const video = qrVideo(token, path.join(tmpdir(), `ticket-${tag}-${lang}.y4m`));
    const browser: Browser = await cameraBrowser(video);
    try {
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: lang === 'zh' ? 'zh-CN' : 'en-US',
        permissions: ['camera'], reducedMotion: 'reduce',
      });
      const desk = await context.newPage();
      await signIn(desk, undefined, { to: '/activity/checkindesk', lang: lang, theme: 'theme-default' });
      const picker = desk.getByRole('combobox', { name: L.activity });
      await picker.click();
      await desk.locator('.ant-select-item-option').filter({ hasText: title }).click();
      await expect(desk.locator('.check-in-counts')).toContainText(L.checkedIn);
      await desk.getByRole('button', { name: L.camera }).click();
      const result = desk.locator('.check-in-result');
      await expect(result).toContainText(alumnus.name, { timeout: 30_000 });
      await expect(result).toContainText(L.done);
      await expect(desk.locator('.check-in-counts .ant-statistic').first()).toContainText('1');
      await desk.screenshot({ path: `screenshots/ticket-desk-camera-${lang}.png` });
      await desk.getByRole('button', { name: label(lang === 'zh' ? '停止扫码' : 'Stop scanning') }).click();

      // By code: the guest checks in; the alumnus's code again answers when they checked in.
      const code = desk.getByRole('textbox', { name: L.code });
      await code.fill(guestCode);
      await desk.getByRole('button', { name: label(L.checkIn) }).click();
      await expect(result).toContainText(guest.name);
      await expect(result).toContainText(L.done);
      await code.fill(mine.code);
      await desk.getByRole('button', { name: label(L.checkIn) }).click();
      await expect(result).toContainText(L.already);
      await expect(desk.locator('.check-in-counts .ant-statistic').first()).toContainText('2');
      await desk.screenshot({ path: `screenshots/ticket-desk-code-${lang}.png` });
      await context.close();
    } finally {
      await browser.close();
    }

    // The portal's ticket now says when it was checked in.
    await page.reload();
    await expect(page.locator('.p-ticket-done')).toContainText(lang === 'zh' ? '已于' : 'Checked in at');
    await page.screenshot({ path: `screenshots/ticket-portal-checked-in-${lang}.png` });
  });
}
