import { expect, test } from '@playwright/test';
import { button, openPage, region, row, searchForm } from '../support/crud';
import { newAlumnus, smsCode } from '../support/portal';
import { captchaText, signIn } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).slice(-4).toUpperCase();
/** ID numbers of this run's alumni, apart from those of other runs and of the portal's own tests. */
const seq = Number.parseInt(tag, 36);

test('the alumni record tells the office whether the alumnus has signed in to the portal, in zh and en', async ({ page, request }) => {
  const signedIn = await newAlumnus(request, `门户${tag}甲`, seq + 53);
  const never = await newAlumnus(request, `门户${tag}乙`, seq + 59);
  // The alumnus signs in to the portal with the code texted to the phone.
  const captcha = await (await request.get('/api/blade-auth/oauth/captcha')).json() as { key: string };
  const asked = await request.post('/api/blade-portal/auth/code', {
    data: { tenantId: '000000', channel: 'sms', target: signedIn.phone, captchaKey: captcha.key, captchaCode: await captchaText(captcha.key) },
  });
  expect((await asked.json()).data).toMatchObject({ sent: true, registered: true });
  const answer = await request.post('/api/blade-portal/auth/sign-in', {
    data: { tenantId: '000000', channel: 'sms', target: signedIn.phone, code: await smsCode(request, signedIn.phone) },
  });
  expect((await answer.json()).data.alumnus.id).toBe(signedIn.id);

  await signIn(page, { account: 'admin' });
  for (const lang of ['zh', 'en'] as const) {
    await setLook(page, lang, 'theme-default');
    const L = lang === 'zh'
      ? { region: '校友', name: '姓名', search: '搜索', view: '查看', tab: '授权记录', yes: /已登录校友门户 1 次，首次 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d，最近/, no: '尚未登录校友门户' }
      : { region: 'Alumnus', name: 'Name', search: 'Search', view: 'View', tab: 'Consent history', yes: /Alumni portal sign-ins: 1, first \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, last/, no: 'Has not signed in to the alumni portal' };
    await openPage(page, '/alumni/basicinfo');
    const alumni = region(page, L.region);
    for (const [who, expected] of [[signedIn, L.yes], [never, L.no]] as const) {
      const form = await searchForm(alumni);
      await form.getByLabel(L.name).fill(who.name);
      await button(form, L.search).click();
      await expect(row(alumni, who.name)).toHaveCount(1);
      await button(row(alumni, who.name), L.view).click();
      const dialog = page.getByRole('dialog').filter({ hasText: who.name });
      await dialog.getByRole('tab', { name: L.tab }).click();
      await expect(dialog.getByTestId('portal-sign-ins')).toHaveText(expected);
      if (who === signedIn) await page.screenshot({ path: `screenshots/portal-sign-ins-${lang}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
});
