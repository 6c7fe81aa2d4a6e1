import { t } from '../text.js';

export const TELEPHONE_MSG = t('请输入正确的电话号码', 'Please enter a valid phone number');

/** Land lines and foreign numbers: digits, spaces, `+ - ( )`, 5 to 20 characters, at least 5 digits. */
export function isTelephone(value: string): boolean {
  return /^[0-9+\-() ]{5,20}$/.test(value) && (value.match(/\d/g) ?? []).length >= 5;
}
