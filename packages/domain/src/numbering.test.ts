import { describe, expect, it } from 'vitest';
import { defineEntity } from './entity.js';
import { text } from './fields.js';
import { formatSequenceNumber, periodOf, type SequenceNumber } from './numbering.js';
import { t } from './text.js';

const daily: SequenceNumber = { kind: 'sequence', prefix: 'BM', period: 'day', digits: 4 };

describe('generated numbers', () => {
  it('takes the date part from a date or a date-time', () => {
    expect(periodOf(daily, '2025-05-02 13:00:00')).toBe('20250502');
    expect(periodOf({ ...daily, period: 'year' }, '2025-05-02')).toBe('2025');
    expect(periodOf({ ...daily, period: undefined }, '2025-05-02')).toBe('');
    expect(() => periodOf(daily, 'soon')).toThrow('not a date');
  });

  it('pads the counter to its digits and lets it grow past them', () => {
    expect(formatSequenceNumber(daily, 'BM', '20250502', 31)).toBe('BM202505020031');
    expect(formatSequenceNumber(daily, 'BM', '20250502', 12345)).toBe('BM2025050212345');
  });

  it('accepts a number only on a read-only text field of the entity', () => {
    const base = { name: 'n', label: t('号', 'No'), table: 't', scope: 'tenant', permission: 'n' } as const;
    expect(() => defineEntity({ ...base, fields: { code: text(t('号', 'No')) }, numbers: { code: daily } })).toThrow('read-only text');
    expect(() => defineEntity({ ...base, fields: {}, numbers: { code: daily } })).toThrow('read-only text');
    expect(() => defineEntity({
      ...base, fields: { code: text(t('号', 'No'), { form: 'readonly' }) }, numbers: { code: { ...daily, dateField: 'day' } },
    })).toThrow('unknown field day');
    expect(defineEntity({ ...base, fields: { code: text(t('号', 'No'), { form: 'readonly' }) }, numbers: { code: daily } }).numbers?.code).toBe(daily);
  });
});
