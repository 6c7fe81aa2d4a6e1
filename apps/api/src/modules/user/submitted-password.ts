import { isStrongPassword, PASSWORD_MSG, t, type Lang } from '@alumni/domain';
import { md5Hex } from '../../auth/password.js';
import { badRequest } from '../../core/errors.js';

export const SUBMITTED_PASSWORD_MSG = {
  differ: t('两次输入密码不一致', 'The two passwords differ'),
};

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * The password a new user is given on the user form, as the stock Saber form sends it: `password`
 * and its confirmation `password2` in plain text (BladeX digests it on the server). Answers the
 * MD5 hex the sign-in compares, or null when none was given (the account then gets parameter
 * `account.initPassword`). Refuses two differing values, or one that breaks the password rules.
 */
export function submittedPassword(body: Readonly<Record<string, unknown>> | undefined, lang: Lang): string | null {
  const password = text(body?.password);
  const confirmation = text(body?.password2);
  if (password === '' && confirmation === '') return null;
  if ('password2' in (body ?? {}) && password !== confirmation) {
    throw badRequest(SUBMITTED_PASSWORD_MSG.differ, undefined, { errors: { password2: SUBMITTED_PASSWORD_MSG.differ[lang] } });
  }
  if (!isStrongPassword(password)) throw badRequest(PASSWORD_MSG, undefined, { errors: { password: PASSWORD_MSG[lang] } });
  return md5Hex(password);
}
