import { describe, expect, it } from 'vitest';
import { checkProblem } from './field-checks.js';

describe('field checks', () => {
  it('refuses what the personal-info form refuses, with its messages', () => {
    expect(checkProblem('mobile', '12345678901')?.zh).toBe('请输入正确的手机号码');
    expect(checkProblem('mobile', '13900000001')).toBeUndefined();
    expect(checkProblem('email', '中文@x.com')?.zh).toBe('格式不正确,不能包含中文');
    expect(checkProblem('email', 'a@b')?.zh).toBe('请输入正确的邮箱');
    expect(checkProblem('email', 'office@example.com')).toBeUndefined();
    expect(checkProblem('idCard', '110101199013071234')?.zh).toBe('请输入正确的身份证号码');
    expect(checkProblem('telephone', '010-62781234')).toBeUndefined();
  });
});
