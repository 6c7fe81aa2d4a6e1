import { describe, expect, it } from 'vitest';
import { isTelephone } from './telephone.js';

describe('telephone', () => {
  it('accepts land lines and foreign numbers', () => {
    for (const v of ['010-62781234', '+1 (650) 253-0000', '0571 8888 6666', '13900000001']) expect(isTelephone(v), v).toBe(true);
  });
  it('refuses letters, Chinese, too few digits and over-long values', () => {
    for (const v of ['12ab45', '电话12345', '+-()1234', '1234', '0'.repeat(21)]) expect(isTelephone(v), v).toBe(false);
  });
});
