import { describe, expect, it } from 'vitest';
import { receivedLabel } from './received-label';

describe('when a bell entry came', () => {
  const today = new Date(2026, 11, 6, 15, 0);
  it('reads a clock time today, yesterday, the weekday within a week and the date before', () => {
    expect(receivedLabel('2026-12-06 09:05:00', 'zh-CN', today)).toBe('09:05');
    expect(receivedLabel('2026-12-05 22:00:00', 'zh-CN', today)).toBe('昨天');
    expect(receivedLabel('2026-12-05 22:00:00', 'en', today)).toBe('yesterday');
    expect(receivedLabel('2026-12-03 10:00:00', 'en', today)).toBe('Thu');
    expect(receivedLabel('2026-11-21 10:00:00', 'en', today)).toBe('2026-11-21');
  });
  it('shows nothing for a missing or malformed time', () => {
    expect(receivedLabel(null, 'en', today)).toBe('');
    expect(receivedLabel('soon', 'en', today)).toBe('');
  });
});
