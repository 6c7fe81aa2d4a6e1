import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: number;
  onChange?: (value: number) => void;
  disabled?: boolean;
  id?: string;
}

/** A 0/1 flag shown as 否/是. */
export function FlagInput({ value, onChange, disabled, id }: Props) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      value={value}
      onChange={(e) => onChange?.(Number(e.target.value))}
      disabled={disabled}
      options={[{ label: t('crud.no'), value: 0 }, { label: t('crud.yes'), value: 1 }]}
    />
  );
}
