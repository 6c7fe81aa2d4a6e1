import type { OptionSource } from '@alumni/domain';
import { useTranslation } from 'react-i18next';
import { optionTitles, useSourceOptions } from '../use-options';

/** A reference shown by the title its source gives it. */
export function RefCell({ source, value }: { source: OptionSource; value: unknown }) {
  const { i18n } = useTranslation();
  const { data } = useSourceOptions(source, i18n.language);
  const id = value === null || value === undefined ? '' : String(value);
  if (!id || id === '0') return null;
  return <>{optionTitles(data).get(id) ?? id}</>;
}
