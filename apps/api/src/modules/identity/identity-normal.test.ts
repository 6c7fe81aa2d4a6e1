import { describe, expect, it } from 'vitest';
import { normalEmail, normalIdNumber, normalName, normalPhone } from './identity-normal.js';

describe('identity normalisation', () => {
  it('reads traditional, full-width and spaced names as one', () => {
    expect(normalName('張偉')).toBe('张伟');
    expect(normalName(' 张　伟 ')).toBe('张伟');
    expect(normalName('陳麗華')).toBe(normalName('陈丽华'));
    expect(normalName('Ｌｉ Ｌｅｉ')).toBe('lilei');
    expect(normalName('阿依古丽·买买提')).toBe('阿依古丽买买提');
    expect(normalName('')).toBe('');
  });

  it('reads a mainland mobile the same with or without its country code, spaces and dashes', () => {
    const forms = ['13800138000', '+86 138 0013 8000', '0086-138-0013-8000', '86 13800138000', '１３８００１３８０００', '138-0013-8000'];
    for (const form of forms) expect(normalPhone(form), form).toBe('13800138000');
  });

  it('keeps the country code of a number abroad', () => {
    expect(normalPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalPhone('2079460958', '+44')).toBe('+442079460958');
    expect(normalPhone('020 7946 0958', '+44')).toBe('+442079460958');
    expect(normalPhone('6502530000', '+1')).not.toBe(normalPhone('6502530000', '+86'));
    expect(normalPhone('')).toBe('');
  });

  it('compares e-mails without case and ID numbers without spaces or case', () => {
    expect(normalEmail(' Zhang.Wei@Example.COM ')).toBe('zhang.wei@example.com');
    expect(normalIdNumber('11010819900307123x')).toBe('11010819900307123X');
    expect(normalIdNumber('110108 19900307 123X')).toBe('11010819900307123X');
  });
});
