import type { FkField } from '@alumni/domain';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSourceOptions } from '../use-options';

interface Props {
  field: FkField;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** One row of another resource, picked in its tree. */
export function RefTreeSelect({ field, value, onChange, disabled, placeholder, id }: Props) {
  const { i18n } = useTranslation();
  const { data, isLoading } = useSourceOptions(field.options, i18n.language);
  return (
    <TreeSelect
      id={id}
      treeData={data ?? []}
      value={value === '' || value === '0' ? undefined : value}
      onChange={(v) => onChange?.(v ?? '')}
      loading={isLoading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width: '100%' }}
    />
  );
}
