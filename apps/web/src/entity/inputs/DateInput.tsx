import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  withTime: boolean;
  disabled?: boolean;
  id?: string;
}

/** A date (yyyy-MM-dd) or date-time (yyyy-MM-dd HH:mm:ss) kept as the wire's string. */
export function DateInput({ value, onChange, withTime, disabled, id }: Props) {
  const format = withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  return (
    <DatePicker
      id={id}
      showTime={withTime}
      format={format}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format(format) : '')}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
