import type { resourceZh } from './resource-zh';

/** English texts of the resource pages and the e-mail settings. */
export const resourceEn: typeof resourceZh = {
  enable: 'Enable',
  enabled: 'Enabled',
  enableOk: 'Enabled',
  upload: 'Upload',
  download: 'Download',
  smsSend: 'Send test',
  smsSendTitle: 'Send a text message',
  smsCode: 'Code (empty = the enabled configuration)',
  phones: 'Mobile numbers',
  phonesHint: 'Separate several numbers with commas',
  params: 'Template parameters (JSON)',
  paramsInvalid: 'The template parameters must be a JSON object',
  smsResult: '{{sent}} sent, {{failed}} failed',
  mailTest: 'Send test mail',
  mailTo: 'Recipient',
  mailToRequired: 'Please enter the recipient e-mail',
  mailSent: 'The test mail was sent',
  send: 'Send',
};
