import { t } from '../text.js';

/** Required-field messages of the shell's own forms (specification section 5). */
export const SHELL_MSG = {
  lockPassword: t('锁屏密码不能为空', 'The lock password cannot be empty'),
  dept: t('请选择部门', 'Please select a department'),
  role: t('请选择角色', 'Please select a role'),
  tenantFirst: t('请先输入租户编号', 'Please enter the tenant id first'),
  accountFirst: t('请先输入账号名称', 'Please enter the account name first'),
  passwordFirst: t('请先输入密码', 'Please enter the password first'),
  passwordsDiffer: t('两次密码输入不一致', 'The two passwords differ'),
  enterPassword: t('请输入密码', 'Please enter password'),
  confirmPassword: t('请确认密码', 'Please confirm password'),
  oldPasswordWrong: t('原密码不正确', 'The old password is not correct'),
  newPasswordsDiffer: t('两次输入密码不一致', 'The two new passwords differ'),
  registered: t('注册申请已提交,请耐心等待管理员通过!', 'Your registration was submitted; please wait for an administrator to approve it!'),
  registerFailed: t('提交失败', 'Submission failed'),
} as const;
