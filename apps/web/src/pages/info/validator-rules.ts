import {
  EMAIL_MSG, emailProblem, isMobile, isStrongPassword, MOBILE_MSG, PASSWORD_MSG, type Lang, type Text,
} from '@alumni/domain';
import type { Rule } from 'antd/es/form';

/** An antd rule from a shared validator: the message in the interface language. */
const check = (lang: Lang, test: (value: string) => Text | undefined): Rule => ({
  validator: async (_rule, value: unknown) => {
    const problem = test(typeof value === 'string' ? value : '');
    if (problem) throw new Error(problem[lang]);
  },
});

export const mobileRule = (lang: Lang): Rule => check(lang, (v) => (isMobile(v) ? undefined : MOBILE_MSG.invalid));

export const emailRule = (lang: Lang): Rule => check(lang, (v) => {
  const problem = emailProblem(v);
  return problem ? EMAIL_MSG[problem] : undefined;
});

/** Empty is left to the required rule; anything typed must be strong. */
export const strongPasswordRule = (lang: Lang): Rule => check(lang, (v) => (v === '' || isStrongPassword(v) ? undefined : PASSWORD_MSG));
