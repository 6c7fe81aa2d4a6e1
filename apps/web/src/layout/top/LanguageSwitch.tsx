import { Segmented } from 'antd';
import { useSettingsStore, type Lang } from '../../stores/settings-store';

/** zh / en; the choice is saved and wins over the default. */
export function LanguageSwitch() {
  const lang = useSettingsStore((s) => s.lang);
  const setLang = useSettingsStore((s) => s.setLang);
  return (
    <Segmented<Lang>
      size="small"
      value={lang}
      options={[{ label: '中文', value: 'zh' }, { label: 'EN', value: 'en' }]}
      onChange={(value) => setLang(value)}
      aria-label="language"
      // Each language is named in itself, whatever the interface's language.
      className="language-switch"
    />
  );
}
