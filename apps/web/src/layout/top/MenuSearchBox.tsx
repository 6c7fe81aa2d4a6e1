import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { AutoComplete } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuStore } from '../../stores/menu-store';
import { useOpenRoute } from '../use-open-route';
import { filterByPrefix, searchEntries } from './menu-search';

/** The top-bar autocomplete: same entries and prefix rule as the full-screen search. */
export function MenuSearchBox() {
  const { t, i18n } = useTranslation();
  const menus = useMenuStore((s) => s.menus);
  const openRoute = useOpenRoute();
  const [text, setText] = useState('');
  const entries = useMemo(() => searchEntries(menus, i18n.language), [menus, i18n.language]);
  const options = text.trim() ? filterByPrefix(entries, text).map((e) => ({ value: e.path, label: e.name })) : [];

  return (
    <AutoComplete
      className="top-search"
      value={text}
      options={options}
      onSearch={setText}
      // The first match is highlighted, so Enter opens it (the arrow keys choose another).
      defaultActiveFirstOption
      onSelect={(path: string) => {
        setText('');
        openRoute(path);
      }}
      popupMatchSelectWidth={240}
      // The select's own input and border: a wrapped <Input> would draw a second, header-high box.
      size="small"
      prefix={<SearchOutlined />}
      placeholder={t('shell.top.search')}
      aria-label={t('shell.top.search')}
    />
  );
}
