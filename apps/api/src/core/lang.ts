import type { Lang } from '@alumni/domain';

/** The language of answers: English when the client asks for it first, Chinese otherwise. */
export function langOf(acceptLanguage: string | undefined): Lang {
  return acceptLanguage && /^\s*en\b/i.test(acceptLanguage) ? 'en' : 'zh';
}
