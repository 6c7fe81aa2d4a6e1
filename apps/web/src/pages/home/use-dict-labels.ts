import type { DictField } from '@alumni/domain';
import { useTranslation } from 'react-i18next';
import { optionTitles, useDictOptions } from '../../entity/use-options';

/** A dictionary's label of a key in the current language (the key itself until the entries arrive). */
export function useDictLabels(field: Pick<DictField, 'dict' | 'source'>): (key: unknown) => string {
  const { i18n } = useTranslation();
  const titles = optionTitles(useDictOptions(field, i18n.language === 'en' ? 'en' : 'zh').data);
  return (key) => titles.get(String(key ?? '')) ?? String(key ?? '');
}
