import { useSession, type Lang } from './session';
import { en } from './i18n-en';
import { zh, type TextKey } from './i18n-zh';

export type { TextKey };
const TEXTS: Record<Lang, Record<TextKey, string>> = { zh, en };

/** A text in a language, with `{name}` marks replaced by the values given. */
export function text(lang: Lang, key: TextKey, values: Record<string, string | number> = {}): string {
  // A key made from an answer's value (a channel the portal has no name for) shows as it is.
  return (TEXTS[lang][key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

/** The texts of the portal in the chosen language (re-renders when it changes). */
export function useT(): { t: Translate; lang: Lang } {
  const { lang } = useSession();
  return { t: (key, values) => text(lang, key, values), lang };
}
