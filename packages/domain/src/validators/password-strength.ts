import { t } from '../text.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
/** The special characters a password may (and must, at least once) contain. */
export const PASSWORD_SPECIALS = '!@#$%^&*()';

export const PASSWORD_MSG = t(
  '密码长度为8-16位,须同时包含字母、数字和特殊字符!@#$%^&*()',
  'The password must be 8-16 characters with letters, digits and one of !@#$%^&*()',
);

const ALLOWED = /^[A-Za-z0-9!@#$%^&*()]+$/;

/** 8-16 characters drawn from letters, digits and !@#$%^&*(), with at least one of each kind. */
export function isStrongPassword(value: string | null | undefined): boolean {
  const text = String(value ?? '');
  if (text.length < PASSWORD_MIN || text.length > PASSWORD_MAX || !ALLOWED.test(text)) return false;
  return /[A-Za-z]/.test(text) && /\d/.test(text) && /[!@#$%^&*()]/.test(text);
}
