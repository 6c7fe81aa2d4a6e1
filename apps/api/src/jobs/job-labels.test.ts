import { JOB_LABELS, jobLabel } from '@alumni/domain';
import { describe, expect, it } from 'vitest';
import { BLADEX_IMPORT_JOB } from '../modules/develop/bladex-import/bladex-import-service.js';
import { INSTALMENT_REMINDER_JOB } from '../modules/giving/instalment-reminders.js';
import { ANSWER_NOTICE_JOB } from '../modules/messaging/answer-notice.js';
import { NOTICE_PUSH_SEND_JOB, NOTICE_PUSH_START_JOB } from '../modules/messaging/notice-push-sending.js';
import { SMS_PUSH_DISPATCH_JOB, SMS_PUSH_SEND_JOB } from '../modules/messaging/sms-push-sender.js';
import { RETENTION_DAILY_JOB, RETENTION_RUN_JOB } from '../modules/retention/retention-jobs.js';
import { SURVEY_CLOSE_JOB } from '../modules/survey/survey-hooks.js';
import { PROCESS_TIMER_JOB } from '../modules/workflow/process-timers.js';

const QUEUED = [
  BLADEX_IMPORT_JOB, ANSWER_NOTICE_JOB, NOTICE_PUSH_START_JOB, NOTICE_PUSH_SEND_JOB, SMS_PUSH_DISPATCH_JOB, SMS_PUSH_SEND_JOB, SURVEY_CLOSE_JOB, PROCESS_TIMER_JOB,
  RETENTION_DAILY_JOB, RETENTION_RUN_JOB, INSTALMENT_REMINDER_JOB,
];

describe('the names of the background jobs on the jobs page', () => {
  it('labels every job the server queues, in Chinese and English', () => {
    for (const name of QUEUED) {
      expect(JOB_LABELS[name], name).toBeDefined();
      expect(jobLabel(name, 'zh')).toMatch(/[\u4e00-\u9fff]/);
      expect(jobLabel(name, 'en')).not.toBe(name);
      expect(jobLabel(name, 'en')).not.toMatch(/[\u4e00-\u9fff]/);
    }
    expect(Object.keys(JOB_LABELS).sort()).toEqual([...QUEUED].sort());
  });

  it('shows a name it has no label for as it is', () => {
    expect(jobLabel('report-export', 'en')).toBe('report-export');
  });
});
