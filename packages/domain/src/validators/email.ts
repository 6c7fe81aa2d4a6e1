import { t } from '../text.js';
import { isEmpty } from './empty.js';
import { hasChinese, NO_CHINESE_MSG } from './no-chinese.js';

export const EMAIL_MSG = {
  chinese: NO_CHINESE_MSG,
  invalid: t('请输入正确的邮箱', 'Please enter a correct e-mail'),
} as const;

/** local@domain.tld: no spaces, one @, a dot in the domain, a 2+ letter top-level domain. */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** What is wrong with an e-mail address (Chinese is reported first), or undefined. Empty is allowed. */
export function emailProblem(value: string | null | undefined): keyof typeof EMAIL_MSG | undefined {
  if (isEmpty(value)) return undefined;
  const text = String(value);
  if (hasChinese(text)) return 'chinese';
  return EMAIL.test(text) && !text.includes('..') ? undefined : 'invalid';
}

export const isEmail = (value: string | null | undefined): boolean => emailProblem(value) === undefined;
