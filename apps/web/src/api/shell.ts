import { md5 } from 'js-md5';
import { appConfig } from '../config';
import type { ClientLog } from '../stores/log-store';
import { getData, http, postData } from './http';
import type { TokenAnswer } from './auth';

export interface DeptOption {
  id: string;
  deptName: string;
}

export interface RoleOption {
  id: string;
  roleName: string;
}

export interface UploadedFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

export interface ProfileForm {
  realName: string;
  name: string;
  phone: string;
  email: string;
  avatar: string;
}

export const fetchMyDepts = (): Promise<DeptOption[]> => getData<DeptOption[]>('/blade-system/dept/select');
export const fetchMyRoles = (): Promise<RoleOption[]> => getData<RoleOption[]>('/blade-system/role/select');

/** A token for the chosen department and role: the refresh grant with the switch headers. */
export function switchDeptRole(refresh: string, tenantId: string, deptId: string, roleId: string): Promise<TokenAnswer> {
  return http
    .post<TokenAnswer>('/blade-auth/oauth/token', undefined, {
      headers: { 'Tenant-Id': tenantId, 'Dept-Id': deptId, 'Role-Id': roleId },
      params: { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' },
    })
    .then((r) => r.data);
}

export const clearServerCache = (): Promise<unknown> => http.get('/blade-auth/oauth/clear-cache');

export const uploadClientLogs = (logs: readonly ClientLog[]): Promise<unknown> => postData('/blade-log/error/client', logs);

export const fetchMyInfo = (): Promise<Partial<ProfileForm>> => getData<Partial<ProfileForm>>('/blade-auth/oauth/user-info');

export const updateInfo = (form: ProfileForm): Promise<unknown> => postData('/blade-user/update-info', form);

/** The three passwords travel as the hex MD5 of what was typed, like the sign-in's. */
export const updatePassword = (oldPassword: string, newPassword: string, newPassword1: string): Promise<unknown> =>
  postData('/blade-user/update-password', undefined, {
    oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1),
  });

export function putFile(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return postData<UploadedFile>('/blade-resource/oss/endpoint/put-file', body);
}

export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  oauthId: string;
}

export const registerGuest = (form: GuestRegistration): Promise<unknown> =>
  postData('/blade-user/register-guest', undefined, {
    tenantId: form.tenantId || appConfig.defaultTenantId, name: form.name, account: form.account,
    password: md5(form.password), oauthId: form.oauthId,
  });
