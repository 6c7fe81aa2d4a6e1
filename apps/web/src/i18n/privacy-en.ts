import type { privacyZh } from './privacy-zh';

/** Texts of the privacy request queue. */
export const privacyEn: typeof privacyZh = {
  anonymise: 'Anonymise',
  anonymiseTitle: 'Anonymise this alumnus?',
  anonymiseBody: 'Every personal detail of “{{name}}” (name, ID, contact data, employer…) will be erased for good; the statistics stay. The request will be marked done.',
  anonymised: 'Anonymised; the request is done',
  ok: 'Anonymise',
  cancel: 'Cancel',
};
