import type { messageZh } from './message-zh';

/** Texts of the message board's answer and close dialogs. */
export const messageEn: typeof messageZh = {
  answer: 'Answer',
  close: 'Close',
  answerTitle: 'Answer the message',
  closeTitle: 'Close the message',
  question: 'Message',
  answerContent: 'Answer',
  answerRequired: 'Write an answer of 2 to 2000 characters',
  isPublic: 'Show on the alumni portal',
  notify: 'Tell the messenger (by SMS or e-mail, as they consented)',
  remark: 'Reason for closing',
  remarkRequired: 'Give a reason for closing',
  answered: 'Answered',
  notifyQueued: 'Answered; the notice is being sent in the background',
  closed: 'The message is closed',
};
