import { t } from '../text.js';
import { isEmpty } from './empty.js';

export const ID_CARD_MSG = t('请输入正确的身份证号码', 'Please enter a correct ID number');

const FIFTEEN = /^\d{15}$/;
const EIGHTEEN = /^\d{17}[\dXx]$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date of year/month/day as `yyyy-MM-dd`, or null when no such day exists. */
function realDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/**
 * The birthday an ID number carries, `yyyy-MM-dd`: digits 7-14 of an 18-digit number, or
 * digits 7-12 (a two-digit year of the 1900s) of a 15-digit one. Null when it holds no real date.
 */
export function birthdayFromIdCard(value: string | null | undefined): string | null {
  const text = String(value ?? '');
  if (EIGHTEEN.test(text)) {
    return realDate(Number(text.slice(6, 10)), Number(text.slice(10, 12)), Number(text.slice(12, 14)));
  }
  if (FIFTEEN.test(text)) {
    return realDate(1900 + Number(text.slice(6, 8)), Number(text.slice(8, 10)), Number(text.slice(10, 12)));
  }
  return null;
}

/** Empty is allowed; otherwise 15 or 18 digits (the last may be X) holding a real birth date. */
export function isIdCard(value: string | null | undefined): boolean {
  if (isEmpty(value)) return true;
  return birthdayFromIdCard(value) !== null;
}

/** The resident ID type (dictionary `id_type`). */
export const RESIDENT_ID_TYPE = '1';

/**
 * What a resident ID number says of its holder: the birthday and the gender (`sex` 1 male, 2
 * female: the parity of the 17th digit of 18, the last of 15). Null when it is no valid number.
 */
export function personFromIdCard(value: string | null | undefined): { birthday: string; gender: '1' | '2' } | null {
  const text = String(value ?? '').trim();
  const birthday = birthdayFromIdCard(text);
  if (!birthday) return null;
  const digit = Number(text.charAt(text.length === 18 ? 16 : 14));
  return { birthday, gender: digit % 2 === 1 ? '1' : '2' };
}

/**
 * The values an ID number field fills (`fills`: the field's `idCardFills`) in a form or body of
 * `values`: birthday and gender by their names, or nothing when the type is not a resident ID or
 * the number is not valid.
 */
export function idCardFilledValues(
  fills: { typeField: string; birthday: string; gender: string }, number: unknown, values: Record<string, unknown>,
): Record<string, string> {
  const type = values[fills.typeField];
  if (String(type ?? RESIDENT_ID_TYPE) !== RESIDENT_ID_TYPE) return {};
  const person = personFromIdCard(typeof number === 'string' ? number : null);
  return person ? { [fills.birthday]: person.birthday, [fills.gender]: person.gender } : {};
}
