import type { onlineZh } from './online-zh';

/** Texts of the online users page. */
export const onlineEn: typeof onlineZh = {
  account: 'Account',
  realName: 'Name',
  tenant: 'Tenant',
  tenantId: 'Tenant ID',
  address: 'Address',
  client: 'Client',
  userAgent: 'Browser',
  loginTime: 'Signed in',
  lastActive: 'Last activity',
  expireTime: 'Session ends',
  actions: 'Actions',
  search: 'Search',
  reset: 'Reset',
  refresh: 'Refresh',
  current: 'This session',
  logout: 'Force sign-out',
  logoutAll: 'Force out all',
  logoutConfirm: 'Force this session of {{account}} to sign out? Their next action returns to the sign-in page.',
  logoutAllConfirm: 'Force every session of {{account}} to sign out? The user returns to the sign-in page in every browser and on every device.',
  loggedOut: 'Sessions signed out: {{count}}',
  total: 'Live sessions: {{total}}',
  tooLong: 'At most {{max}} characters',
  tenantForm: 'A tenant ID is digits only',
};
