import { Button, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/settings-store';

/** Colours offered next to the free choice; the first is the default. */
const PRESETS = ['#409EFF', '#E74C3C', '#9B59B6', '#3498DB', '#1ABC9C', '#27AE60', '#F39C12', '#D35400', '#2C3E50'];

/**
 * The primary colour of the interface; saved and restored. Preset swatches plus the browser's own
 * colour input: antd's colour picker would drag its panel code into the sign-in page's chunks.
 */
export function ColorChooser() {
  const { t } = useTranslation();
  const color = useSettingsStore((s) => s.color);
  const setColor = useSettingsStore((s) => s.setColor);
  const panel = (
    <div className="color-panel" role="listbox" aria-label={t('shell.top.color')}>
      {PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          role="option"
          aria-selected={preset === color}
          aria-label={preset}
          className={`color-swatch${preset === color ? ' is-active' : ''}`}
          style={{ background: preset }}
          onClick={() => setColor(preset)}
        />
      ))}
      <input
        type="color"
        aria-label={t('shell.top.color')}
        value={color.toLowerCase()}
        onChange={(e) => setColor(e.target.value.toUpperCase())}
      />
    </div>
  );
  return (
    <Popover trigger="click" placement="bottom" content={panel}>
      <Tooltip title={t('shell.top.color')}>
        <Button type="text" className="top-icon" aria-label={t('shell.top.color')}>
          <span className="color-dot" style={{ background: color }} />
        </Button>
      </Tooltip>
    </Popover>
  );
}
