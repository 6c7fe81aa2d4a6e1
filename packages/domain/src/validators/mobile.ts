import { t } from '../text.js';
import { isEmpty } from './empty.js';

export const MOBILE_MSG = {
  invalid: t('请输入正确的手机号码', 'Please enter a correct mobile number'),
  empty: t('手机号码不能为空', 'Mobile number cannot be empty'),
  length: t('手机号码长度不为11位', 'Mobile number must be 11 digits'),
} as const;

/**
 * Eleven digits, a leading 1, a second digit from 3 to 9; the 14x range is
 * only allocated for 141, 145, 147 and 149, so other 14x numbers are refused.
 */
const MOBILE = /^1(?:[35-9]\d|4[1579])\d{8}$/;

/** True for an empty value (the field is optional) or a well-formed mobile number. */
export function isMobile(value: string | null | undefined): boolean {
  if (isEmpty(value)) return true;
  return MOBILE.test(String(value));
}

/** The message key for a mobile number, or undefined when it is acceptable. */
export function mobileProblem(value: string | null | undefined): keyof typeof MOBILE_MSG | undefined {
  return isMobile(value) ? undefined : 'invalid';
}

/**
 * The stricter phone check of the contact forms: the number is required and
 * must be 11 digits long; the answer names what is wrong.
 */
export function phoneProblem(value: string | null | undefined): keyof typeof MOBILE_MSG | undefined {
  if (isEmpty(value)) return 'empty';
  const text = String(value);
  if (text.length !== 11) return 'length';
  return MOBILE.test(text) ? undefined : 'invalid';
}
