import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettingsStore, type Lang } from '../stores/settings-store';
import { loadLanguage } from './language-packs';
import { zh } from './zh';

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh } },
  lng: useSettingsStore.getState().lang,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const applyLang = (lang: Lang) => {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  // The language's texts arrive first (English is a chunk of its own), then the switch.
  void loadLanguage(lang).then(() => { if (i18n.language !== lang) void i18n.changeLanguage(lang); });
};
applyLang(useSettingsStore.getState().lang);
useSettingsStore.subscribe((s, prev) => {
  if (s.lang !== prev.lang) applyLang(s.lang);
});

/** Resolves when the chosen language's texts are in: the first render waits for it. */
export const languageReady = loadLanguage(useSettingsStore.getState().lang).catch(() => undefined);

export default i18n;
