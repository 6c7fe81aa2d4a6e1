import * as OpenCC from 'opencc-js/t2cn';

const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });

/** Full-width letters and digits to their plain forms, ideographic spaces to spaces (NFKC). */
const plain = (value: string) => value.normalize('NFKC');

/**
 * A person's name as duplicate detection compares it: plain-width characters, no spaces or
 * middle dots, simplified Chinese (張偉 = 张伟 = ＂张 伟＂), Latin letters in lower case.
 */
export function normalName(value: string): string {
  const compact = plain(value).replace(/[\s·•・.]/gu, '').toLowerCase();
  return compact === '' ? '' : toSimplified(compact);
}

/**
 * A phone number as duplicate detection compares it: digits only, a mainland number without its
 * country code (+86 138 0013 8000, 0086-13800138000 and 138-0013-8000 are one number), others
 * with theirs (`+44…`).
 */
export function normalPhone(value: string, areaCode?: string | null): string {
  const text = plain(value).trim();
  let digits = text.replace(/\D/g, '');
  if (digits === '') return '';
  const international = text.startsWith('+') || text.startsWith('00');
  if (text.startsWith('00')) digits = digits.slice(2);
  if (international || (digits.length === 13 && digits.startsWith('86'))) {
    return digits.startsWith('86') && digits.length === 13 ? digits.slice(2) : `+${digits}`;
  }
  const code = (areaCode ?? '+86').replace(/\D/g, '');
  return code === '' || code === '86' ? digits : `+${code}${digits.replace(/^0+/, '')}`;
}

/** An e-mail address as compared: plain-width, trimmed, lower case. */
export function normalEmail(value: string): string {
  return plain(value).trim().toLowerCase();
}

/** An ID number as compared: plain-width, no spaces, capital letters (a resident ID's final x is X). */
export function normalIdNumber(value: string): string {
  return plain(value).replace(/\s/g, '').toUpperCase();
}
