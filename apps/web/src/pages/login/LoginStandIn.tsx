import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { TFunction } from 'i18next';
import { appConfig } from '../../config';
import type { Lang } from '../../stores/settings-store';
import { LoginFieldStandIn } from './LoginField';
import { LoginFrame } from './LoginFrame';

/** The id of the stand-in's captcha picture, which the index page fills as soon as a captcha arrives. */
export const STAND_IN_CAPTCHA_ID = 'login-stand-in-captcha';

/**
 * The sign-in page as the index page shows it before its scripts have run (rendered at build time,
 * once per language, by `scripts/prerender-login.mjs`): the same frame, boxes and captcha as
 * `LoginPage`, taking no typing or press (read-only inputs out of the tab order; the index page hides
 * it from assistive technology and the pointer), so the page appears at once on a slow device and
 * the real one replaces it unchanged. The captcha the index page holds or fetched shows in it.
 */
export function LoginStandIn({ t, lang }: { t: TFunction; lang: Lang }) {
  return (
    <LoginFrame
      languageSwitch={<button type="button" tabIndex={-1} className="login-lang">{lang === 'zh' ? 'English' : '中文'}</button>}
      logoMark={t('app.logoMark')}
      title={t('app.title')}
      subtitle={t('app.subtitle')}
      footer={t('login.footer')}
    >
      <div>
        {appConfig.tenantMode && <LoginFieldStandIn label={t('login.tenantId')} icon={<TeamOutlined />} value={appConfig.defaultTenantId} />}
        <LoginFieldStandIn label={t('login.account')} icon={<UserOutlined />} />
        <LoginFieldStandIn label={t('login.password')} icon={<LockOutlined />} />
        {appConfig.captchaMode && (
          <LoginFieldStandIn label={t('login.captcha')} icon={<SafetyOutlined />}>
            <button type="button" tabIndex={-1} className="login-captcha"><img id={STAND_IN_CAPTCHA_ID} alt="" hidden /></button>
          </LoginFieldStandIn>
        )}
        <div className="login-submit-stand-in" style={{ background: appConfig.defaultColor }}>{t('login.submit')}</div>
      </div>
    </LoginFrame>
  );
}
