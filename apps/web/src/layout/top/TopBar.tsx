import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorChooser } from './ColorChooser';
import { FullScreenToggle } from './FullScreenToggle';
import { LanguageSwitch } from './LanguageSwitch';
import { LockButton } from './LockButton';
import { LogButton } from './LogButton';
import { MenuSearchBox } from './MenuSearchBox';
import { NoticePopover } from './NoticePopover';
import { SearchOverlay } from './SearchOverlay';
import { ThemeChooser } from './ThemeChooser';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** The screen class; the small classes drop the top menu and the autocomplete. */
  screen: 0 | 1 | 2 | 3;
}

/** The header: collapse, top menu, search, colour, theme, lock, full screen, notices, logs, language, user. */
export function TopBar({ collapsed, onToggle, screen }: TopBarProps) {
  const { t } = useTranslation();
  const [searching, setSearching] = useState(false);
  return (
    <>
      <Button
        type="text"
        className="top-icon"
        aria-label={t('nav.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      {screen >= 2 && <TopMenu />}
      <div className="app-header-right">
        {screen >= 3 && <MenuSearchBox />}
        <Tooltip title={t('shell.top.searchMenu')}>
          <Button type="text" className="top-icon" aria-label={t('shell.top.searchMenu')} icon={<SearchOutlined />} onClick={() => setSearching(true)} />
        </Tooltip>
        {screen >= 1 && <ColorChooser />}
        {screen >= 1 && <ThemeChooser />}
        <LockButton />
        {screen >= 1 && <FullScreenToggle />}
        <NoticePopover />
        <LogButton />
        <LanguageSwitch />
        <UserMenu compact={screen === 0} />
      </div>
      {searching && <SearchOverlay onClose={() => setSearching(false)} />}
    </>
  );
}
