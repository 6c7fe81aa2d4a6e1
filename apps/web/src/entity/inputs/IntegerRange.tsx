import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Range = [number | null, number | null];

interface Props {
  value?: Range;
  onChange?: (value: Range | undefined) => void;
  id?: string;
  min?: number;
  max?: number;
  /** Decimals allowed (amounts of money: 2); whole numbers when absent. */
  precision?: number;
}

/** A from–to pair of whole numbers (years); either side may stay empty. */
export function IntegerRange({ value, onChange, id, min, max, precision = 0 }: Props) {
  const { t } = useTranslation();
  const [from, to] = value ?? [null, null];
  const change = (next: Range) => onChange?.(next[0] === null && next[1] === null ? undefined : next);
  return (
    <Space.Compact>
      <InputNumber id={id} value={from} min={min} max={max} precision={precision} placeholder={t('crud.from')} style={{ width: 100 }}
        onChange={(v) => change([v, to])} />
      <InputNumber value={to} min={min} max={max} precision={precision} placeholder={t('crud.to')} style={{ width: 100 }}
        onChange={(v) => change([from, v])} />
    </Space.Compact>
  );
}
