import { describe, expect, it } from 'vitest';
import { registerProblem, type RegisterForm } from './register-check.js';
import { SHELL_MSG } from './required.js';

const full: RegisterForm = { tenantId: '000000', account: 'guest', password: 'Xy@12345', password2: 'Xy@12345' };

describe('registerProblem', () => {
  it('asks for the tenant first in tenant mode', () => {
    expect(registerProblem({ ...full, tenantId: '', account: '', password: '' }, true)).toBe('tenantFirst');
    expect(SHELL_MSG.tenantFirst.zh).toBe('请先输入租户编号');
  });
  it('skips the tenant when tenant mode is off', () => expect(registerProblem({ ...full, tenantId: '' }, false)).toBeUndefined());
  it('asks for the account next', () => {
    expect(registerProblem({ ...full, account: '', password: '' }, true)).toBe('accountFirst');
    expect(SHELL_MSG.accountFirst.zh).toBe('请先输入账号名称');
  });
  it.each([{ password: '' }, { password2: '' }])('asks for both passwords (%j)', (missing) => {
    expect(registerProblem({ ...full, ...missing }, true)).toBe('passwordFirst');
    expect(SHELL_MSG.passwordFirst.zh).toBe('请先输入密码');
  });
  it('refuses different passwords last', () => {
    expect(registerProblem({ ...full, password2: 'other' }, true)).toBe('passwordsDiffer');
    expect(SHELL_MSG.passwordsDiffer.zh).toBe('两次密码输入不一致');
  });
  it('passes a complete form', () => expect(registerProblem(full, true)).toBeUndefined());
});

describe('shell messages', () => {
  it('carry the texts of the specification', () => {
    expect(SHELL_MSG.lockPassword.zh).toBe('锁屏密码不能为空');
    expect(SHELL_MSG.dept.zh).toBe('请选择部门');
    expect(SHELL_MSG.role.zh).toBe('请选择角色');
    expect(SHELL_MSG.enterPassword.en).toBe('Please enter password');
    expect(SHELL_MSG.confirmPassword.en).toBe('Please confirm password');
    expect(SHELL_MSG.registered.zh).toBe('注册申请已提交,请耐心等待管理员通过!');
    expect(SHELL_MSG.registerFailed.zh).toBe('提交失败');
  });
});
