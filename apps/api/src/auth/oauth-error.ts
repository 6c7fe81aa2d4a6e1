import { fill, t, type Lang, type Text } from '@alumni/domain';

/** Token-call failures answer `{error, error_description}` unwrapped (PROTOCOL section 6). */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: Text,
    /** The usual-log event this failure is (a failed sign-in by default). */
    readonly event: 'sign_in_failed' | 'lockout' = 'sign_in_failed',
    /** Values of the description's `{name}` placeholders. */
    readonly values: Record<string, string | number> = {},
  ) {
    super(fill(description.en, values));
  }

  /** The description in one language, placeholders filled. */
  text(lang: Lang): string {
    return fill(this.description[lang], this.values);
  }

  body(lang: Lang) {
    return { error: this.error, error_description: this.text(lang) };
  }
}

export const OAUTH_MSG = {
  noClient: t('请求头中无client信息', 'No client information in the request header'),
  badClient: t('客户端认证失败', 'Client authentication failed'),
  badGrant: t('不支持的授权类型', 'Unsupported grant type'),
  tenantNotFound: t('租户ID未找到', 'Tenant ID not found'),
  badCaptcha: t('验证码不正确', 'The captcha is not correct'),
  badCredentials: t('用户名或密码错误', 'Wrong account or password'),
  noRole: t('未获得用户的角色信息', 'The user has no role'),
  tenantExpired: t('租户授权已过期,请联系管理员', 'The tenant licence has expired, please contact the administrator'),
  /** `{minutes}`: how long the address must wait (the protocol's 登录错误次数过多,请稍后再试, saying how long). */
  lockedOut: t('登录错误次数过多,请{minutes}分钟后再试', 'Too many failed sign-ins, please try again in {minutes} minute(s)'),
  badRefresh: t('令牌已失效', 'The token has expired'),
  badSwitch: t('无权切换到该部门或角色', 'You cannot switch to that department or role'),
  missingCredentials: t('请输入账号和密码', 'Please enter the account and password'),
  notSupported: t('该登录方式未配置', 'This sign-in method is not configured'),
};
