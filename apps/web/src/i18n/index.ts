import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettingsStore, type Lang } from '../stores/settings-store';
import { en } from './en';
import { zh } from './zh';

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: useSettingsStore.getState().lang,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const applyLang = (lang: Lang) => {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
};
applyLang(useSettingsStore.getState().lang);
useSettingsStore.subscribe((s, prev) => {
  if (s.lang !== prev.lang) applyLang(s.lang);
});

export default i18n;
