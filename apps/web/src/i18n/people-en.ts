import type { peopleZh } from './people-zh';

/** Texts of the alumni record's people tabs (study status, consent, registrations). */
export const peopleEn: typeof peopleZh = {
  changeStatus: 'Change study status',
  firstStudy: 'Study record',
  consentLog: 'Consent history',
  portalSignedIn: 'Alumni portal sign-ins: {{count}}, first {{first}}, last {{last}}',
  portalNever: 'Has not signed in to the alumni portal',
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
