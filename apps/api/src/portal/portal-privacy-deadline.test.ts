import { describe, expect, it } from 'vitest';
import { privacyDeadline } from './portal-privacy-deadline.js';

describe('the legal deadline of a privacy request', () => {
  it('is 15 working days later, weekends left out', () => {
    // Monday 2026-12-07 + 15 working days = three whole weeks later, Monday 2026-12-28.
    expect(privacyDeadline('2026-12-07')).toBe('2026-12-28');
    // A request on a Saturday counts from the Monday after it: Friday 2026-12-25.
    expect(privacyDeadline('2026-12-05 10:00:00')).toBe('2026-12-25');
    expect(privacyDeadline('2026-12-31', 1)).toBe('2027-01-01');
    expect(privacyDeadline('2027-01-01', 1)).toBe('2027-01-04');
  });
});
