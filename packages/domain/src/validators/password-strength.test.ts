import { describe, expect, it } from 'vitest';
import { isStrongPassword, PASSWORD_MSG } from './password-strength.js';

describe('isStrongPassword', () => {
  it.each(['Xy@12345', 'Xy@123456', 'abc123!!', 'A1!aaaaaaaaaaaaa', '1234567a(', 'Zz9)Zz9)'])('accepts %s', (value) =>
    expect(isStrongPassword(value)).toBe(true));
  it.each([
    ['Xy@1234', '7 characters'],
    ['Xy@12345678901234', '17 characters'],
    ['abcdefgh', 'letters only'],
    ['12345678', 'digits only'],
    ['!@#$%^&*', 'specials only'],
    ['abcd1234', 'no special'],
    ['abcd!@#$', 'no digit'],
    ['1234!@#$', 'no letter'],
    ['Xy@1234 5', 'a space'],
    ['Xy-12345', 'a special outside the set'],
    ['密码Xy@1234', 'Chinese'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => expect(isStrongPassword(value)).toBe(false));
  it('explains the rule', () => expect(PASSWORD_MSG.en).toContain('8-16'));
});
