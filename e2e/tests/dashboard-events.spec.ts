import { at } from '../support/activities';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { foreignText } from '../support/language-scan';
import { newAlumnus, portalSignIn, staff } from '../support/portal';
import { residentId } from '../support/registrations';
import { CLIENT, apiToken, signIn } from '../support/session';

const tag = Date.now().toString(36).toUpperCase();
const seq = Number.parseInt(tag.slice(-5), 36);
/** A time `minutes` from now on the server's clock (the product's default zone, Asia/Shanghai). */
const SHOTS = 'screenshots';
const CARDS = '/blade-alumniCard/alumniCard';
/** Card figures as countCard answers them. */
type CardCounts = Record<'applied' | 'pending' | 'rejected' | 'approved' | 'active' | 'expired' | 'suspended' | 'revoked', number>;

type Json = Record<string, unknown>;

const TEXT = {
  zh: {
    events: '活动报名与签到', cards: '电子校友卡', seats: '3 / 3', rate: '50%（1/2）', cardsEmpty: '还没有校友申请电子校友卡',
    figures: { applied: '申请总数', pending: '待审核', rejected: '未通过', approved: '已通过', active: '有效', suspended: '已停用', revoked: '已注销', expired: '已过期' },
    name: '姓名', id: '证件号码', apply: '提交申请', pending: '申请审核中',
  },
  en: {
    events: 'Events: seats and check-in', cards: 'Alumni cards', seats: '3 / 3', rate: '50% (1/2)', cardsEmpty: 'No alumnus has applied for a card yet',
    figures: { applied: 'Applied', pending: 'To examine', rejected: 'Not approved', approved: 'Approved', active: 'Active', suspended: 'Suspended', revoked: 'Revoked', expired: 'Expired' },
    name: 'Name', id: 'ID number', apply: 'Apply', pending: 'Application being examined',
  },
} as const;

/** An activity starting in 30 minutes (check-in open) with 3 seats: 2 applications seated (one with a companion), 2 waitlisted, 1 checked in. */
async function seatedActivity(request: APIRequestContext, office: string, title: string): Promise<string> {
  const activity = (await staff(request, office, 'POST', '/blade-activity/activity/submit', {
    title, activityType: '3', departmentId: '1900000000000010001', startTime: at(30), endTime: at(240), location: '大礼堂',
    needSignup: 1, signupStartTime: at(-60), signupEndTime: at(20), capacity: 3, needConfirm: 0, allowCompanion: 1, maxCompanions: 2,
    targetScope: '1', content: '<p>统计</p>', contactName: '王老师', contactPhone: '010-62780001',
  })).data as Json;
  const id = String(activity.id);
  await staff(request, office, 'PUT', `/blade-activity/activity/enabled?id=${id}&enabled=1`);
  const applied: Json[] = [];
  for (const [i, companions] of [1, 0, 0, 0].entries()) {
    applied.push((await staff(request, office, 'POST', '/blade-actApplist/actApplist/submit', {
      activityId: id, name: `统计${tag.slice(-3)}${i}`, areaCode: '+86', phone: `135${String(seq * 10 + i).padStart(8, '0').slice(-8)}`, companions,
    })).data as Json);
  }
  expect(applied.map((a) => a.applyStatus)).toEqual([1, 1, 4, 4]);
  await staff(request, office, 'POST', '/blade-actApplist/checkIn/scan', { activityId: id, checkInCode: String(applied[0]?.checkInCode) });
  return id;
}

/** One approved card: an alumnus applies in the portal, the office approves. */
async function approvedCard(page: Page, request: APIRequestContext, lang: 'zh' | 'en', sequence: number): Promise<void> {
  const L = TEXT[lang];
  const alumnus = await newAlumnus(request, `统计卡${tag.slice(-3)}${lang}`, sequence);
  await page.goto('/portal/login?tenant=000000');
  if (lang === 'en') await page.getByRole('button', { name: 'Switch to English' }).click();
  await portalSignIn(page, request, alumnus.phone, lang);
  await page.goto('/portal/card');
  await page.getByLabel(L.name, { exact: true }).fill(alumnus.name);
  await page.getByLabel(L.id, { exact: true }).fill(residentId(sequence));
  await page.getByRole('button', { name: L.apply }).click();
  await expect(page.getByRole('heading', { name: L.pending })).toBeVisible();
  const office = await apiToken(request, 'office');
  const list = (await staff(request, office, 'GET', `${CARDS}/list?alumniId=${alumnus.id}&examineStatus=0`)).data as { records: { id: string }[] };
  await staff(request, office, 'GET', `${CARDS}/examine?ids=${String(list.records[0]?.id)}&examineStatus=1&examineOpinion=ok`);
}

for (const lang of ['zh', 'en'] as const) {
  test(`the dashboard shows each event's seats, waitlist and check-in rate, and the alumni cards' figures (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const L = TEXT[lang];
    const office = await apiToken(request, 'admin');
    const title = `${lang === 'zh' ? '统计校友沙龙' : 'Stats salon'} ${tag}${lang}`;
    const activityId = await seatedActivity(request, office, title);
    const before = (await staff(request, office, 'GET', `${CARDS}/countCard`)).data as CardCounts;

    await signIn(page);
    if (lang === 'en') await page.locator('.ant-segmented').getByText('EN', { exact: true }).first().click();
    const events = page.getByTestId('stat-event-seats');
    await expect(events).toContainText(L.events);
    const row = events.getByTestId(`event-seats-${activityId}`);
    await expect(row).toContainText(title);
    await expect(row.getByTestId('event-seats-bar')).toContainText(L.seats);
    await expect(row.locator('td').nth(2)).toHaveText('2');
    await expect(row.locator('td').nth(3)).toHaveText(L.rate);
    const cards = page.getByTestId('stat-alumni-cards');
    await expect(cards).toContainText(L.cards);
    // With no application yet the widget says so.
    if (before.applied === 0) await expect(cards).toContainText(L.cardsEmpty);
    await expect(page.getByTestId('dashboard').locator('.ant-skeleton')).toHaveCount(0);
    await events.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-events-${lang}.png`, fullPage: true });

    // A card applied for and approved shows in the figures after a refresh.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await approvedCard(await phone.newPage(), request, lang, seq + (lang === 'zh' ? 71 : 77));
    await phone.close();
    const after = (await staff(request, office, 'GET', `${CARDS}/countCard`)).data as CardCounts;
    expect(after.approved - before.approved).toBe(1);
    expect(after.active - before.active).toBe(1);
    await page.getByRole('button', { name: lang === 'zh' ? '刷新' : 'Refresh' }).click();
    for (const [key, label] of Object.entries(L.figures)) {
      const figure = cards.getByTestId(`card-figure-${key}`);
      await expect(figure, key).toContainText(label);
      await expect(figure.locator('.ant-statistic-content'), key).toHaveText(after[key as keyof CardCounts].toLocaleString('en-US'));
    }
    expect(await foreignText(page, lang)).toEqual([]);
    await cards.scrollIntoViewIfNeeded();
    await cards.screenshot({ path: `${SHOTS}/dashboard-cards-${lang}.png` });
    await events.screenshot({ path: `${SHOTS}/dashboard-events-widget-${lang}.png` });
  });
}

test('each widget shows exactly when its statistic is granted to the user (the college secretary)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'college');
  const granted = async (path: string) => (await request.get(`/api${path}`, {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' },
  })).status() === 200;
  const seats = await granted('/blade-activity/activity/countSeats');
  const cards = await granted(`${CARDS}/countCard`);
  // The demo college secretary holds 活动管理 but not 电子校友卡.
  expect([seats, cards]).toEqual([true, false]);
  await signIn(page, { account: 'college' });
  await expect(page.getByTestId('list-todo')).toBeVisible();
  await expect(page.getByTestId('stat-event-seats')).toBeVisible();
  await expect(page.getByTestId('dashboard').locator('.ant-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('stat-alumni-cards')).toHaveCount(0);
});
