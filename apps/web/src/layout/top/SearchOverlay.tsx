import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Empty, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuStore } from '../../stores/menu-store';
import { MenuIcon } from '../menu-icons';
import { filterByPrefix, searchEntries } from './menu-search';
import { useOpenRoute } from '../use-open-route';

/** The full-screen menu search: Esc or a click on the backdrop closes; choosing navigates. */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const menus = useMenuStore((s) => s.menus);
  const openRoute = useOpenRoute();
  const [text, setText] = useState('');
  const entries = useMemo(() => searchEntries(menus, i18n.language), [menus, i18n.language]);
  const found = filterByPrefix(entries, text);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const choose = (path: string) => {
    setText('');
    onClose();
    openRoute(path);
  };

  return (
    <div className="search-overlay" role="dialog" aria-label={t('shell.top.searchMenu')} onClick={onClose}>
      <div className="search-overlay-panel" onClick={(e) => e.stopPropagation()}>
        <Input
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('shell.top.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('shell.top.searchMenu')}
        />
        <ul className="search-overlay-list">
          {found.map((entry) => (
            <li key={entry.path}>
              <button type="button" onClick={() => choose(entry.path)}>
                <MenuIcon name={entry.source} /> <span>{entry.name}</span>
                <small>{entry.path.split('?')[0]}</small>
              </button>
            </li>
          ))}
        </ul>
        {found.length === 0 && <Empty description={t('shell.top.noMatch')} />}
      </div>
    </div>
  );
}
