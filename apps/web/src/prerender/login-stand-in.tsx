import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { en } from '../i18n/en';
import { zh } from '../i18n/zh';
import { storageKey } from '../config';
import { LoginStandIn } from '../pages/login/LoginStandIn';
import type { Lang } from '../stores/settings-store';

const texts = i18next.createInstance();
void texts.init({ resources: { zh: { translation: zh }, en: { translation: en } }, lng: 'zh', initAsync: false, interpolation: { escapeValue: false } });

/** The stand-in sign-in page of a language as HTML (run at build time, in Node). */
export function renderLoginStandIn(lang: Lang): string {
  return renderToStaticMarkup(<LoginStandIn t={texts.getFixedT(lang)} lang={lang} />);
}

/** Where the settings store keeps the chosen language (`{ state: { lang } }`). */
export const SETTINGS_KEY = storageKey('settings');

export { STAND_IN_CAPTCHA_ID } from '../pages/login/LoginStandIn';
