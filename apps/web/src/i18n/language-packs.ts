import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import i18n from 'i18next';
import type { Lang } from '../stores/settings-store';

/**
 * The interface texts and antd's locale of each language. Chinese, the default, comes with the
 * entry; English is its own chunk, loaded before the first render when it is the chosen language
 * and on the switch otherwise, so the sign-in page carries one language, not two.
 */
const antdLocales: Partial<Record<Lang, Locale>> = { zh: zhCN };
const loading = new Map<Lang, Promise<void>>();

export function loadLanguage(lang: Lang): Promise<void> {
  if (antdLocales[lang]) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = Promise.all([import('./en'), import('antd/es/locale/en_US')]).then(([texts, locale]) => {
      // Deep, without overwriting: texts a chunk registered before (business, shell, pages) stay.
      i18n.addResourceBundle('en', 'translation', texts.en, true, false);
      antdLocales[lang] = locale.default;
    });
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

/** antd's locale of a loaded language (Chinese until English has arrived). */
export const antdLocale = (lang: string): Locale => antdLocales[lang as Lang] ?? zhCN;
