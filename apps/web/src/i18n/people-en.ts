import type { peopleZh } from './people-zh';

/** Texts of the alumni record's people tabs (study status, consent, registrations). */
export const peopleEn: typeof peopleZh = {
  changeStatus: 'Change study status',
  firstStudy: 'Study record',
  consentLog: 'Consent history',
  registrations: 'Registrations and examination',
  registrationsTab: 'Registrations',
  studyTab: 'Study records',
  noRegistrations: 'No registration',
  noConsentLogs: 'No consent changes recorded',
  consentTime: 'Time',
  channel: 'Channel',
  allowed: 'Consent',
  allow: 'Allowed',
  refuse: 'Refused',
  consentSource: 'Source',
  operator: 'Changed by',
  note: 'Note',
};
