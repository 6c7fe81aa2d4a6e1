import { dictKeys, type DictField } from '@alumni/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictOptions } from '../use-options';

interface Props {
  field: DictField;
  /** A numeric dictionary's value arrives as a number; options are keyed by text. */
  value?: string | number | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** A value of a dictionary, chosen by its name; several, kept comma-joined, for a `multiple` field. */
export function DictSelect({ field, value, onChange, disabled, placeholder, id }: Props) {
  const { i18n } = useTranslation();
  const { data, isLoading } = useDictOptions(field, i18n.language);
  const empty = value === '' || value === null || value === undefined;
  return (
    <Select
      id={id}
      mode={field.multiple ? 'multiple' : undefined}
      value={field.multiple ? dictKeys(value) : empty ? undefined : String(value)}
      onChange={(chosen: string | string[] | undefined) => onChange?.(Array.isArray(chosen) ? chosen.join(',') : (chosen as string))}
      options={(data ?? []).map((o) => ({ label: o.title, value: o.value }))}
      loading={isLoading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
