import type { OptionSource } from '@alumni/domain';
import { Select } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitIds } from '../ids-value';
import { useSourceOptions } from '../use-options';
import { usePaused } from '../use-paused';

interface Props {
  /** A source searched on the server (`search` names the parameter that carries what is typed). */
  source: OptionSource;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** Comma-joined ids of rows found by typing (alumni by name, code or mobile): each pick keeps its name. */
export function IdsSearchSelect({ source, value, onChange, disabled, placeholder, id }: Props) {
  const { i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const searched = usePaused(typed).trim();
  const { data, isFetching } = useSourceOptions(source, i18n.language, searched && source.search ? { [source.search]: searched } : undefined);
  // Names of rows picked from an earlier search stay shown after the search changes.
  const names = useRef(new Map<string, string>());
  const options = useMemo(() => {
    for (const o of data ?? []) names.current.set(o.value, o.title);
    const found = (data ?? []).map((o) => ({ label: o.title, value: o.value }));
    const picked = splitIds(value).filter((v) => !found.some((o) => o.value === v)).map((v) => ({ label: names.current.get(v) ?? v, value: v }));
    return [...picked, ...found];
  }, [data, value]);
  return (
    <Select
      id={id}
      mode="multiple"
      value={splitIds(value)}
      onChange={(picked: string[]) => onChange?.(picked.join(','))}
      options={options}
      showSearch={{ onSearch: setTyped, filterOption: false }}
      loading={isFetching}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
