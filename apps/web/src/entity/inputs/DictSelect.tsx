import type { DictField } from '@alumni/domain';
import { Select } from 'antd';
import { useDictOptions } from '../use-options';

interface Props {
  field: DictField;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** A value of a dictionary, chosen by its name. */
export function DictSelect({ field, value, onChange, disabled, placeholder, id }: Props) {
  const { data, isLoading } = useDictOptions(field);
  return (
    <Select
      id={id}
      value={value === '' ? undefined : value}
      onChange={onChange}
      options={(data ?? []).map((o) => ({ label: o.title, value: o.value }))}
      loading={isLoading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
