import { describe, expect, it } from 'vitest';
import { isMobile, MOBILE_MSG, mobileProblem, phoneProblem } from './mobile.js';

describe('isMobile', () => {
  it.each(['', null, undefined])('allows an empty value (%s)', (value) => expect(isMobile(value)).toBe(true));
  it.each(['13800138000', '13900000002', '15012345678', '16612345678', '17712345678', '18612345678', '19912345678',
    '14112345678', '14512345678', '14712345678', '14912345678'])('accepts %s', (value) => expect(isMobile(value)).toBe(true));
  it.each([
    ['12345678901', 'second digit 2'],
    ['11012345678', 'second digit 1'],
    ['10012345678', 'second digit 0'],
    ['14012345678', '140 is not allocated'],
    ['14212345678', '142 is not allocated'],
    ['1381234567', '10 digits'],
    ['138123456789', '12 digits'],
    ['23800138000', 'not starting with 1'],
    ['1380013800a', 'a letter'],
    [' 13800138000', 'a leading space'],
    ['+8613800138000', 'a country code'],
  ])('refuses %s (%s)', (value) => expect(isMobile(value)).toBe(false));
  it('names the wrong number with the message of the specification', () => {
    expect(mobileProblem('123')).toBe('invalid');
    expect(MOBILE_MSG.invalid).toEqual({ zh: '请输入正确的手机号码', en: 'Please enter a correct mobile number' });
    expect(mobileProblem('13800138000')).toBeUndefined();
  });
});

describe('phoneProblem', () => {
  it('asks for the number when it is empty', () => {
    expect(phoneProblem('')).toBe('empty');
    expect(MOBILE_MSG.empty.en).toBe('Mobile number cannot be empty');
  });
  it('asks for 11 digits when the length is wrong', () => {
    expect(phoneProblem('1380013800')).toBe('length');
    expect(phoneProblem('138001380001')).toBe('length');
    expect(MOBILE_MSG.length.en).toBe('Mobile number must be 11 digits');
  });
  it('refuses 11 characters that are not a mobile number', () => expect(phoneProblem('12000000000')).toBe('invalid'));
  it('accepts a good number', () => expect(phoneProblem('13800138000')).toBeUndefined());
});
