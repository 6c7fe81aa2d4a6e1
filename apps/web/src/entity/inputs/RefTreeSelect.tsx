import type { OptionSource } from '@alumni/domain';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldOptions } from '../use-field-options';
import { usePaused } from '../use-paused';

interface Props {
  /** A reference, or a code picked from a list (a region). */
  field: { options?: OptionSource };
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  width?: number | string;
}

/** One row of another resource, picked in its tree (or searched on the server, for sources that search), by its id or code. */
export function RefTreeSelect({ field, value, onChange, disabled, placeholder, id, width = '100%' }: Props) {
  const { i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const searched = usePaused(typed);
  const remote = !!field.options?.search;
  const { data, isLoading } = useFieldOptions(field.options, i18n.language, value, onChange, remote ? searched : undefined);
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
      showSearch={remote ? { onSearch: setTyped, filterTreeNode: false } : { treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width }}
      popupMatchSelectWidth={false}
    />
  );
}
