import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { Button, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/settings-store';
import { THEME_SWATCH, THEMES } from '../themes';

/** The theme dialog: the 11 themes as swatches of side menu and header colours. */
export function ThemeChooser() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  return (
    <>
      <Tooltip title={t('shell.top.theme')}>
        <Button type="text" className="top-icon" aria-label={t('shell.top.theme')} icon={<BgColorsOutlined />} onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal title={t('shell.top.chooseTheme')} open={open} onCancel={() => setOpen(false)} footer={null} width={640}>
        <div className="theme-grid" role="listbox" aria-label={t('shell.top.chooseTheme')}>
          {THEMES.map((name) => {
            const [sider, header] = THEME_SWATCH[name];
            return (
              <button
                key={name}
                type="button"
                role="option"
                aria-selected={theme === name}
                className={`theme-swatch${theme === name ? ' is-active' : ''}`}
                onClick={() => setTheme(name)}
              >
                <span className="theme-swatch-preview" style={{ background: `linear-gradient(90deg, ${sider} 30%, ${header} 30%)` }}>
                  {theme === name && <CheckOutlined />}
                </span>
                <span>{t(`shell.themes.${name}`)}</span>
              </button>
            );
          })}
        </div>
      </Modal>
    </>
  );
}
