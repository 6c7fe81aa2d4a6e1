import type { OptionSource } from '@alumni/domain';
import { TreeSelect } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldOptions } from '../use-field-options';
import type { OptionNode } from '../use-options';
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
  /** The name of the row the value names, shown while the choices do not hold it (a searched source's first page). */
  shown?: string;
}

/** One row of another resource, picked in its tree (or searched on the server, for sources that search), by its id or code. */
export function RefTreeSelect({ field, value, onChange, disabled, placeholder, id, width = '100%', shown }: Props) {
  const { i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const searched = usePaused(typed);
  const remote = !!field.options?.search;
  const { data, isLoading } = useFieldOptions(field.options, i18n.language, value, onChange, remote ? searched : undefined);
  const picked = value === undefined || value === '' || value === '0' ? undefined : value;
  const holds = (nodes: readonly OptionNode[]): boolean => nodes.some((n) => n.value === picked || holds(n.children ?? []));
  const choices = data ?? [];
  // Names of rows seen in earlier answers: a pick stays named while another search loads.
  const seen = useRef(new Map<string, string>());
  const remember = (nodes: readonly OptionNode[]) => nodes.forEach((n) => { seen.current.set(n.value, n.title); remember(n.children ?? []); });
  remember(choices);
  // A searched source answers a first page: the row picked stays shown by its name, never by its id.
  const name = picked ? shown ?? seen.current.get(picked) : undefined;
  const treeData = picked && name && !holds(choices) ? [{ title: name, value: picked }, ...choices] : choices;
  return (
    <TreeSelect
      id={id}
      treeData={treeData}
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
