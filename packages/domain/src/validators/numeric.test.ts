import { describe, expect, it } from 'vitest';
import { isNumeric, NUMERIC_MSG } from './numeric.js';

describe('isNumeric', () => {
  it.each(['0', '42', '007', '3.14', '100.0', 12, 0.5])('accepts %s', (value) => expect(isNumeric(value)).toBe(true));
  it.each(['', null, undefined, '-1', '+1', '1.', '.5', '1.2.3', '1e5', 'abc', '1 000', '１２'])(
    'refuses %s', (value) => expect(isNumeric(value)).toBe(false));
  it('says the format is wrong', () => expect(NUMERIC_MSG).toEqual({ zh: '格式不正确', en: 'Format incorrect' }));
});
