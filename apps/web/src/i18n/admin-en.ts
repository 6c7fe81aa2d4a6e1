import type { adminZh } from './admin-zh';

/** English texts of the system administration pages. */
export const adminEn: typeof adminZh = {
  deptTree: 'Departments',
  allDepts: 'All departments',
  grantRoles: 'Roles',
  resetPassword: 'Reset password',
  unlock: 'Unlock',
  confirmReset: 'Reset the passwords of the selected accounts to the initial password?',
  confirmUnlock: 'Unlock the selected accounts?',
  roles: 'Roles',
  rolesRequired: 'Please select the roles',
  grant: 'Grant',
  grantTitle: 'Grant: {{name}}',
  menuSetting: 'Menus',
  menuSettingTitle: 'Menus: {{name}}',
  tenantSetting: 'Licence',
  tenantPackage: 'Package',
  accountNumber: 'Account quota (-1 = unlimited)',
  expireTime: 'Expires at',
  package: 'Package',
};
