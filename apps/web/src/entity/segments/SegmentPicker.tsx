import { basicInfoEntity } from '@alumni/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSegments } from './segment-api';

interface SegmentPickerProps {
  value?: string;
  onChange?: (id: string) => void;
  id?: string;
  disabled?: boolean;
  /** The entity whose segments are offered: the alumni library's, for a push's recipients. */
  entity?: string;
}

/** Picks one of the caller's segments or the tenant's shared ones (a push's recipients). */
export function SegmentPicker({ value, onChange, id, disabled, entity = basicInfoEntity.name }: SegmentPickerProps) {
  const { t } = useTranslation();
  // Every readable entity's segments, then this entity's: a push's user may not read the library (the call would refuse).
  const { data, isLoading } = useSegments({});
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      placeholder={t('segment.pickPlaceholder')}
      loading={isLoading}
      disabled={disabled}
      value={value}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={onChange}
      allowClear
      options={(data?.records ?? []).filter((s) => s.entity === entity).map((s) => ({ value: s.id, label: s.shared ? `${s.name} · ${t('segment.sharedTag')}` : s.name }))}
    />
  );
}
