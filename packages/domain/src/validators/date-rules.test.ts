import { describe, expect, it } from 'vitest';
import { disabledAfterRecentPast, disabledBeforeYesterday, ONE_DAY_MS, RECENT_PAST_MS } from './date-rules.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

describe('disabledAfterRecentPast', () => {
  it('keeps 8.64e6 ms (2.4 hours) as the margin', () => expect(RECENT_PAST_MS).toBe(8_640_000));
  it('disables now and the future', () => {
    expect(disabledAfterRecentPast(NOW, NOW)).toBe(true);
    expect(disabledAfterRecentPast(NOW + ONE_DAY_MS, NOW)).toBe(true);
  });
  it('disables a moment inside the margin', () => expect(disabledAfterRecentPast(NOW - RECENT_PAST_MS + 1, NOW)).toBe(true));
  it('allows the edge and earlier', () => {
    expect(disabledAfterRecentPast(NOW - RECENT_PAST_MS, NOW)).toBe(false);
    expect(disabledAfterRecentPast(NOW - 10 * ONE_DAY_MS, NOW)).toBe(false);
  });
  it('uses the clock when no time is given', () => expect(disabledAfterRecentPast(Date.now() + 1000)).toBe(true));
});

describe('disabledBeforeYesterday', () => {
  it('allows today, tomorrow and the edge', () => {
    expect(disabledBeforeYesterday(NOW, NOW)).toBe(false);
    expect(disabledBeforeYesterday(NOW + ONE_DAY_MS, NOW)).toBe(false);
    expect(disabledBeforeYesterday(NOW - ONE_DAY_MS, NOW)).toBe(false);
  });
  it('disables dates before one day ago', () => {
    expect(disabledBeforeYesterday(NOW - ONE_DAY_MS - 1, NOW)).toBe(true);
    expect(disabledBeforeYesterday(NOW - 30 * ONE_DAY_MS, NOW)).toBe(true);
  });
  it('uses the clock when no time is given', () => expect(disabledBeforeYesterday(Date.now() - 2 * ONE_DAY_MS)).toBe(true));
});
