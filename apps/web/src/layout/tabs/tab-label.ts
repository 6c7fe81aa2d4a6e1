import type { TFunction } from 'i18next';
import type { Tab } from '../../stores/tabs-store';

/** A tab's text in the interface language: a fixed page's i18n key, or the menu's name. */
export function tabLabel(tab: Tab, t: TFunction, lang: string): string {
  if (lang === 'en' && tab.labelEn) return tab.labelEn;
  return t(tab.label, { defaultValue: tab.label });
}
