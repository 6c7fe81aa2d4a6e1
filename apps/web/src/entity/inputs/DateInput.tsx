import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  withTime: boolean;
  disabled?: boolean;
  id?: string;
}

/**
 * A date (yyyy-MM-dd) or date-time (yyyy-MM-dd HH:mm:ss) kept as the wire's string. A value that is
 * no date (a birthday the server masked, `1990-**-**`) is shown as the empty picker's placeholder and
 * sent back unchanged unless a person picks a date.
 */
export function DateInput({ value, onChange, withTime, disabled, id }: Props) {
  const format = withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  const date = value ? dayjs(value) : null;
  const shown = date?.isValid() ? date : null;
  return (
    <DatePicker
      id={id}
      showTime={withTime}
      format={format}
      value={shown}
      placeholder={value && !shown ? value : undefined}
      onChange={(d) => onChange?.(d ? d.format(format) : '')}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
