import { t, type Text } from './text.js';

/** A background job's state (docs/job-queue.md), as the jobs page reads it. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export const JOB_STATES: readonly JobState[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

/** One job as `/blade-job/job/list` and `detail` answer it. */
export interface JobView {
  id: string;
  name: string;
  state: JobState;
  tenantId: string | null;
  createdBy: string | null;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  progressDone: number | null;
  progressTotal: number | null;
  progressMessage: string | null;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
}

/**
 * What each background job is called on the jobs page, by its queue name. A name missing here is
 * shown as it is.
 */
export const JOB_LABELS: Readonly<Record<string, Text>> = {
  'notice-push-start': t('通知推送：准备接收人', 'Notice push: prepare recipients'),
  'notice-push-send': t('通知推送：发送', 'Notice push: send'),
  'sms-push-dispatch': t('短信推送：分派', 'SMS push: dispatch'),
  'sms-push-send': t('短信推送：发送', 'SMS push: send'),
  'message-answer-notice': t('留言回复通知', 'Message reply notice'),
  'questionnaire-close': t('问卷到期关闭', 'Close questionnaire at its end'),
  'workflow-timer': t('流程定时器', 'Workflow timer'),
  'bladex-import': t('BladeX 数据导入', 'BladeX data import'),
  'retention-daily': t('数据保留：每日执行', 'Data retention: daily run'),
  'retention-run': t('数据保留：清理租户数据', 'Data retention: clean up a tenant'),
  'donation-instalment-reminders': t('认捐分期到期提醒', 'Pledge instalment reminders'),
};

/** A job's name in a language: its label, or the queue name when it has none. */
export const jobLabel = (name: string, lang: 'zh' | 'en'): string => JOB_LABELS[name]?.[lang] ?? name;
