import { t } from '../../text.js';

/**
 * An alumnus's consent to be reached (DOMAIN 4.3.3): each flag of the record and the `push_channel`
 * entry it governs, as the consent log names it.
 */
export const CONSENT_CHANNELS = { allowSms: '2', allowEmail: '3', allowWechat: '4' } as const;

export type ConsentFlag = keyof typeof CONSENT_CHANNELS;

export const CONSENT_FLAGS = Object.keys(CONSENT_CHANNELS) as ConsentFlag[];

/** `consent_source`: where a change of consent came from. */
export const CONSENT_SOURCE = { registration: '1', unsubscribed: '2', resubscribed: '3', staff: '4', import: '5' } as const;

/** Notes the server writes into the consent log (stored in Chinese, as the log is read in either language). */
export const CONSENT_NOTE = {
  deceased: t('校友已故', 'Alumnus deceased'),
  registration: t('登记 {registNo}', 'Registration {registNo}'),
} as const;
