import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Dictionary `push_status` (DOMAIN 8.3), shared by notice pushes and SMS pushes. */
export const PUSH_STATUS = { draft: 0, queued: 1, sending: 2, done: 3, partlyFailed: 4, failed: 5, cancelled: 6 } as const;

/** Dictionary `send_type`. */
export const SEND_TYPE = { now: '1', scheduled: '2' } as const;

/** Dictionary `target_status` (DOMAIN 8.5). */
export const TARGET_STATUS = { waiting: 0, sending: 1, delivered: 2, failed: 3, skipped: 4 } as const;

/** Dictionary `target_source`. */
export const TARGET_SOURCE = { library: '1', hand: '2', imported: '3', noticePush: '4' } as const;

/** One text message holds 70 characters; a long one is sent in parts of 67 (signature included). */
export const SMS_SINGLE_LENGTH = 70;
export const SMS_PART_LENGTH = 67;

/** The parts a text of this many characters (signature 【…】 included) is billed as. */
export const smsParts = (length: number): number => (length <= 0 ? 0 : length <= SMS_SINGLE_LENGTH ? 1 : Math.ceil(length / SMS_PART_LENGTH));

/** The text as sent: the signature in 【】 before the content, its `${x}` filled from `params`. */
export const smsText = (signName: string, content: string, params: Record<string, string>): string =>
  `【${signName}】${content.replace(/\$\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name: string) => params[name] ?? whole)}`;

export const SMS_PUSH_MSG = {
  titleLength: t('任务名称须为2–100个字', 'The task name holds 2 to 100 characters'),
  noConfig: t('请选择启用的短信配置', 'Please select an enabled SMS configuration'),
  notSmsTemplate: t('请选择启用的短信模板', 'Please select an enabled SMS template'),
  contentTooLong: t('短信内容不能超过500个字', 'The text holds at most 500 characters'),
  badParams: t('公共参数应为JSON对象', 'The common parameters must be a JSON object'),
  planRequired: t('请选择计划发送时间', 'Please select when to send'),
  planTooSoon: t('计划发送时间须至少晚于当前时间5分钟', 'The scheduled time must be at least 5 minutes ahead'),
  noTargets: t('请先添加推送对象', 'Please add recipients first'),
  badTransition: t('推送状态不能从“{from}”改为“{to}”', 'The push cannot go from “{from}” to “{to}”'),
  locked: t('推送已提交，不能修改', 'The push is submitted and can no longer be changed'),
  removeSent: t('已发送的推送不能删除', 'A push that was sent cannot be removed'),
  sendNeedsCode: t('无权限', 'No permission'),
} as const;

/**
 * A batch of text messages 短信推送 through one SMS configuration (DOMAIN 8.4), with its recipient
 * list (8.5). Sent through the job queue; its counts are recomputed from the targets.
 */
export const smsPushEntity = defineEntity({
  name: 'smsPush',
  label: t('短信推送', 'SMS push'),
  table: 'alumni_sms_push',
  scope: 'tenant',
  permission: 'smspush',
  api: { base: '/smsPush/smsPush', list: 'page', detail: 'detail/:id' },
  fields: {
    title: text(t('任务名称', 'Task name'), { required: true, max: 100, list: true, search: 'like', width: 200 }),
    smsCode: text(t('短信配置', 'SMS configuration'), { required: true, max: 32, list: true, search: 'equal', width: 120 }),
    templateId: fk(t('短信模板', 'Template'), {
      ref: 'noticeTemplate', list: true, search: 'equal', width: 160,
      options: { url: '/blade-noticeTemplate/noticeTemplate/all?channel=2', shape: 'list', labelKey: 'templateName', valueKey: 'id' },
    }),
    providerTemplateId: text(t('服务商模板编号', 'Provider template ID'), { required: true, max: 64 }),
    signName: text(t('短信签名', 'Signature'), { required: true, max: 32, list: true, width: 110 }),
    content: textarea(t('短信内容', 'Content'), { required: true, max: 500, search: 'like' }),
    templateParams: textarea(t('公共参数', 'Common parameters'), { max: 2000 }),
    noticePushId: fk(t('来源通知推送', 'From notice push'), { form: 'readonly', search: 'equal' }),
    sendType: dict(t('发送方式', 'Sending'), 'send_type', { source: 'biz', required: true, default: '1', list: true, search: 'equal', width: 100 }),
    planSendTime: datetime(t('计划发送时间', 'Scheduled for'), { list: true, width: 170 }),
    sendTime: datetime(t('发送时间', 'Sent at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    pushStatus: dict(t('推送状态', 'Status'), 'push_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 100 }),
    targetCount: integer(t('目标', 'Targets'), { form: 'readonly', list: true, width: 70 }),
    successCount: integer(t('成功', 'Delivered'), { form: 'readonly', list: true, width: 70 }),
    failCount: integer(t('失败', 'Failed'), { form: 'readonly', list: true, width: 70 }),
    skipCount: integer(t('跳过', 'Skipped'), { form: 'readonly', list: true, width: 70 }),
    segmentCount: integer(t('计费条数', 'Billable messages'), { form: 'readonly', list: true, width: 90 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'createTime', desc: true }],
  titleField: 'title',
});
