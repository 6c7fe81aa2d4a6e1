import { describe, expect, it } from 'vitest';
import { formatCount, formatYuan, monthBounds, partOfDay, percentOf } from './figures';

describe('dashboard figures', () => {
  it('writes money in 万 from ¥10,000 in Chinese, whole grouped yuan in English, to the fen below', () => {
    expect(formatYuan('812300.00', 'zh')).toBe('¥81.23万');
    expect(formatYuan('10000.00', 'zh')).toBe('¥1.00万');
    expect(formatYuan('3218650.00', 'zh')).toBe('¥321.87万');
    expect(formatYuan('9999.99', 'zh')).toBe('¥9,999.99');
    expect(formatYuan('25600.00', 'en')).toBe('¥25,600');
    expect(formatYuan('0.00', 'en')).toBe('¥0.00');
    expect(formatYuan(null, 'zh')).toBe('¥0.00');
  });

  it('groups counts, greets by the hour, and shares with one decimal', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect([0, 11, 12, 17, 18, 23].map(partOfDay)).toEqual(['morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening']);
    expect(percentOf(1, 3)).toBe('33.3%');
    expect(percentOf(0, 0)).toBe('0.0%');
  });

  it('bounds a month for a date-range filter', () => {
    expect(monthBounds('2024-02')).toEqual(['2024-02-01 00:00:00', '2024-02-29 23:59:59']);
    expect(monthBounds('2025-12')).toEqual(['2025-12-01 00:00:00', '2025-12-31 23:59:59']);
  });
});
