/** A piece of user-facing text in both languages the product speaks. */
export interface Text {
  zh: string;
  en: string;
}

export type Lang = keyof Text;
export const LANGS: readonly Lang[] = ['zh', 'en'];

export const t = (zh: string, en: string): Text => ({ zh, en });

/** Replaces `{name}` placeholders with the given values. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
