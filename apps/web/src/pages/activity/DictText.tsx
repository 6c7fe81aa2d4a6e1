import { useTranslation } from 'react-i18next';
import { useDictOptions } from '../../entity/use-options';

/** A business-dictionary entry by its key, labelled in the current language. */
export function DictText({ dict, value }: { dict: string; value: string | number | null | undefined }) {
  const { i18n } = useTranslation();
  const entries = useDictOptions({ dict, source: 'biz' }, i18n.language);
  if (value === null || value === undefined || value === '') return null;
  const key = String(value);
  return <>{entries.data?.find((e) => e.value === key)?.title ?? key}</>;
}
