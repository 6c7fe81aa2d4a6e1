import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { LIST_SETTINGS_LIMITS, type ListColumnSetting } from '@alumni/domain';
import { Button, Checkbox, InputNumber, Popover, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeColumn, effectiveSettings, moveColumn } from './column-settings';

interface Props {
  /** The list's data columns as defined (the actions column is no setting). */
  columns: readonly { key?: unknown; title?: unknown }[];
  saved: readonly ListColumnSetting[];
  onChange: (columns: ListColumnSetting[]) => void;
  onReset: () => void;
}

const titleOf = (column: { key?: unknown; title?: unknown } | undefined, key: string): ReactNode =>
  typeof column?.title === 'string' ? column.title : key;

/** The list toolbar's 列设置: each column shown or hidden, moved, sized and pinned, and a reset. */
export function ColumnSettings({ columns, saved, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const settings = effectiveSettings(columns as { key?: unknown }[], saved);
  const byKey = new Map(columns.map((c) => [String(c.key), c]));
  const shownCount = settings.filter((s) => !s.hidden).length;
  const content = (
    <div className="column-settings">
      <ul className="column-settings-list">
        {settings.map((s, i) => {
          const title = titleOf(byKey.get(s.key), s.key);
          const name = typeof title === 'string' ? title : s.key;
          return (
            <li key={s.key} className="column-settings-row">
              <Checkbox
                checked={!s.hidden}
                // The last shown column stays: a list without columns shows nothing to read.
                disabled={!s.hidden && shownCount === 1}
                onChange={(e) => onChange(changeColumn(settings, s.key, { hidden: !e.target.checked }))}
              >
                {title}
              </Checkbox>
              <span className="column-settings-tools">
                <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('columns.up', { name })} disabled={i === 0}
                  onClick={() => onChange(moveColumn(settings, i, -1))} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('columns.down', { name })} disabled={i === settings.length - 1}
                  onClick={() => onChange(moveColumn(settings, i, 1))} />
                <InputNumber
                  size="small"
                  className="column-settings-width"
                  aria-label={t('columns.width', { name })}
                  placeholder={t('columns.auto')}
                  min={LIST_SETTINGS_LIMITS.minWidth}
                  max={LIST_SETTINGS_LIMITS.maxWidth}
                  precision={0}
                  value={s.width ?? null}
                  onChange={(width) => {
                    const valid = typeof width === 'number' && width >= LIST_SETTINGS_LIMITS.minWidth && width <= LIST_SETTINGS_LIMITS.maxWidth;
                    if (width === null || valid) onChange(changeColumn(settings, s.key, { width: width ?? undefined }));
                  }}
                />
                <Select
                  size="small"
                  className="column-settings-pin"
                  aria-label={t('columns.pin', { name })}
                  value={s.fixed ?? 'none'}
                  options={[
                    { value: 'none', label: t('columns.pinNone') },
                    { value: 'left', label: t('columns.pinLeft') },
                    { value: 'right', label: t('columns.pinRight') },
                  ]}
                  onChange={(fixed: string) => onChange(changeColumn(settings, s.key, { fixed: fixed === 'left' || fixed === 'right' ? fixed : undefined }))}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <Button size="small" onClick={onReset} disabled={saved.length === 0}>{t('columns.reset')}</Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Button icon={<SettingOutlined />}>{t('columns.title')}</Button>
    </Popover>
  );
}
