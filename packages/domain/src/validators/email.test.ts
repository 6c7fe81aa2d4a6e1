import { describe, expect, it } from 'vitest';
import { EMAIL_MSG, emailProblem, isEmail } from './email.js';
import { hasChinese, isNoChinese, NO_CHINESE_MSG } from './no-chinese.js';

describe('emailProblem', () => {
  it.each(['', null, undefined])('allows an empty value (%s)', (value) => expect(emailProblem(value)).toBeUndefined());
  it.each(['admin@example.com', 'first.last+tag@mail.school.edu.cn', 'a_b-c@x-y.org', 'UPPER@EXAMPLE.COM'])(
    'accepts %s', (value) => expect(isEmail(value)).toBe(true));
  it.each(['张三@example.com', 'admin@例子.com', 'admin@example.中国'])('refuses Chinese first: %s', (value) =>
    expect(emailProblem(value)).toBe('chinese'));
  it.each(['plain', 'a@b', '@example.com', 'admin@', 'a b@example.com', 'a@@example.com', 'a@example..com', 'a@example.c'])(
    'refuses the malformed %s', (value) => expect(emailProblem(value)).toBe('invalid'));
  it('has the messages of the specification', () => {
    expect(EMAIL_MSG.chinese.en).toBe('Format incorrect, cannot contain Chinese');
    expect(EMAIL_MSG.invalid).toEqual({ zh: '请输入正确的邮箱', en: 'Please enter a correct e-mail' });
  });
});

describe('no Chinese', () => {
  it.each(['', 'abc', '123', 'héllo', '！@#', 'にほんご'])('passes %s', (value) => expect(isNoChinese(value)).toBe(true));
  it.each(['中', 'abc中文', '㐀'])('refuses %s', (value) => {
    expect(hasChinese(value)).toBe(true);
    expect(isNoChinese(value)).toBe(false);
  });
  it('has one message', () => expect(NO_CHINESE_MSG.zh).toBe('格式不正确,不能包含中文'));
});
