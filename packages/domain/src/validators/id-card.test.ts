import { describe, expect, it } from 'vitest';
import { birthdayFromIdCard, idCardFilledValues, personFromIdCard, ID_CARD_MSG, isIdCard } from './id-card.js';

describe('isIdCard', () => {
  it.each(['', null, undefined])('allows an empty value (%s)', (value) => expect(isIdCard(value)).toBe(true));
  it.each([
    '11010519491231002X', // the well-known sample number of the national standard
    '11010519491231002x',
    '440524188001010014',
    '110105194912310021',
    '320311770706001', // 15 digits, born 1977-07-06
    '11010520000229123X', // 29 February of a leap year
  ])('accepts %s', (value) => expect(isIdCard(value)).toBe(true));
  it.each([
    ['11010519491331002X', 'month 13'],
    ['11010519490230002X', '30 February'],
    ['11010519000229123X', '29 February 1900 (not a leap year)'],
    ['11010519491200002X', 'day 0'],
    ['1101051949123100', '16 digits'],
    ['1101051949123100211', '19 digits'],
    ['X10105194912310021', 'X not at the end'],
    ['320311771306001', '15 digits with month 13'],
    ['32031177070600X', '15 digits ending in X'],
    ['11010519491231002Y', 'another letter'],
  ])('refuses %s (%s)', (value) => expect(isIdCard(value)).toBe(false));
  it('has the message of the specification', () => {
    expect(ID_CARD_MSG).toEqual({ zh: '请输入正确的身份证号码', en: 'Please enter a correct ID number' });
  });
});

describe('birthdayFromIdCard', () => {
  it('reads year-month-day of an 18-digit number', () => expect(birthdayFromIdCard('11010519491231002X')).toBe('1949-12-31'));
  it('reads a 15-digit number as a year of the 1900s', () => expect(birthdayFromIdCard('320311770706001')).toBe('1977-07-06'));
  it('answers null for a number without a real date', () => expect(birthdayFromIdCard('11010519490230002X')).toBeNull());
  it('answers null for an empty value', () => expect(birthdayFromIdCard('')).toBeNull());
});

describe('personFromIdCard and idCardFilledValues', () => {
  const fills = { typeField: 'idType', birthday: 'birthday', gender: 'gender' };
  it('reads the birthday and the gender of the 17th digit of 18', () => {
    expect(personFromIdCard('11010519491231002X')).toEqual({ birthday: '1949-12-31', gender: '2' });
    expect(personFromIdCard('110105194912310011')).toEqual({ birthday: '1949-12-31', gender: '1' });
  });
  it('reads the gender of the last digit of 15', () => expect(personFromIdCard('320311770706001')).toEqual({ birthday: '1977-07-06', gender: '1' }));
  it('answers null for a number that is not valid', () => expect(personFromIdCard('11010519490230002X')).toBeNull());
  it('fills the named fields for a resident ID (also while no type is chosen)', () => {
    expect(idCardFilledValues(fills, '11010519491231002X', { idType: '1' })).toEqual({ birthday: '1949-12-31', gender: '2' });
    expect(idCardFilledValues(fills, '11010519491231002X', {})).toEqual({ birthday: '1949-12-31', gender: '2' });
  });
  it('fills nothing for another document or a number still being typed', () => {
    expect(idCardFilledValues(fills, '11010519491231002X', { idType: '2' })).toEqual({});
    expect(idCardFilledValues(fills, '1101051949', { idType: '1' })).toEqual({});
  });
});
