import { fill, isChoiceKind, MSG, type Field, type Lang } from '@alumni/domain';

export const asLang = (language: string): Lang => (language === 'en' ? 'en' : 'zh');

export const fieldLabel = (field: Field, lang: Lang): string => field.label[lang];

/** The definition's own message, else 请输入{label} / 请选择{label}. */
export function requiredMessage(field: Field, lang: Lang): string {
  if (field.requiredMessage) return field.requiredMessage[lang];
  const template = isChoiceKind(field.kind) ? MSG.requiredChoice : MSG.required;
  return fill(template[lang], { label: field.label[lang] });
}

export function tooLongMessage(field: Field, lang: Lang, max: number): string {
  return fill(MSG.tooLong[lang], { label: field.label[lang], max });
}
