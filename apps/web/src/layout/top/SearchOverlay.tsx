import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Empty, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuStore } from '../../stores/menu-store';
import { MenuIcon } from '../menu-icons';
import { filterByPrefix, searchEntries } from './menu-search';
import { useOpenRoute } from '../use-open-route';

/**
 * The full-screen menu search: Esc or a click on the backdrop closes; choosing navigates. The first
 * match is highlighted, the arrow keys move the highlight, Enter opens the highlighted match.
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const menus = useMenuStore((s) => s.menus);
  const openRoute = useOpenRoute();
  const [text, setText] = useState('');
  const entries = useMemo(() => searchEntries(menus, i18n.language), [menus, i18n.language]);
  const found = filterByPrefix(entries, text);
  const [active, setActive] = useState(0);
  const highlighted = Math.min(active, Math.max(found.length - 1, 0));

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
          onChange={(e) => { setText(e.target.value); setActive(0); }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive(found.length ? (highlighted + step + found.length) % found.length : 0);
            } else if (e.key === 'Enter' && !e.nativeEvent.isComposing && text.trim()) {
              const entry = found[highlighted];
              if (entry) choose(entry.path);
            }
          }}
          aria-label={t('shell.top.searchMenu')}
        />
        <ul className="search-overlay-list">
          {found.map((entry, i) => (
            <li key={entry.path}>
              <button type="button" className={i === highlighted ? 'is-active' : undefined} aria-current={i === highlighted ? 'true' : undefined}
                onMouseEnter={() => setActive(i)} onClick={() => choose(entry.path)}>
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
