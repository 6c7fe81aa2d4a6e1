import { t } from '../text.js';

export const NUMERIC_MSG = t('格式不正确', 'Format incorrect');

/** Digits, optionally with a decimal part: `12`, `12.5`; no sign, no exponent. */
const NUMERIC = /^\d+(?:\.\d+)?$/;

export function isNumeric(value: string | number | null | undefined): boolean {
  return NUMERIC.test(String(value ?? ''));
}
