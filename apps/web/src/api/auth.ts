import { md5 } from 'js-md5';
import { appConfig } from '../config';
import { getData, http } from './http';

export interface Captcha {
  key: string;
  image: string;
}

/** The token endpoint's flat answer (not wrapped in the envelope). */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  nick_name?: string;
  real_name?: string;
  role_id: string;
  role_name?: string;
  dept_id?: string;
  avatar?: string;
  /** The password was reset by an administrator: it must be changed before anything else (decision 237). */
  must_change_password?: boolean;
}

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  captchaKey: string;
  captchaCode: string;
}

export const fetchCaptcha = (): Promise<Captcha> =>
  http.get<Captcha>('/blade-auth/oauth/captcha').then((r) => r.data);

/** Signs in with the captcha grant; the password travels as the hex MD5 of what was typed. */
export function loginByAccount(form: LoginForm): Promise<TokenAnswer> {
  const tenantId = form.tenantId || appConfig.defaultTenantId;
  return http
    .post<TokenAnswer>('/blade-auth/oauth/token', undefined, {
      headers: { 'Tenant-Id': tenantId, 'Captcha-Key': form.captchaKey, 'Captcha-Code': form.captchaCode },
      params: {
        tenantId,
        username: form.username,
        password: md5(form.password),
        grant_type: appConfig.captchaMode ? 'captcha' : 'password',
        scope: 'all',
        type: 'account',
      },
    })
    .then((r) => r.data);
}

export function refreshToken(refresh: string, tenantId: string): Promise<TokenAnswer> {
  return http
    .post<TokenAnswer>('/blade-auth/oauth/token', undefined, {
      headers: { 'Tenant-Id': tenantId },
      params: { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' },
    })
    .then((r) => r.data);
}

export const logoutRemote = (): Promise<unknown> => http.get('/blade-auth/oauth/logout');

export const fetchUserInfo = <T>(): Promise<T> => getData<T>('/blade-auth/user-info');
