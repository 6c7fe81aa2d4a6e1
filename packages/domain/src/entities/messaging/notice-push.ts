import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, flag, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { PUSH_STATUS } from './sms-push.js';

/** The dictionaries `push_status`, `send_type` and `target_status` are the SMS push's (DOMAIN 8.3, 8.4). */
export { PUSH_STATUS, SEND_TYPE, TARGET_STATUS } from './sms-push.js';
/** The states a push never leaves (复制 makes a new one from them). */
export const FINAL_PUSH_STATUSES: readonly number[] = [PUSH_STATUS.done, PUSH_STATUS.partlyFailed, PUSH_STATUS.failed, PUSH_STATUS.cancelled];
/** How far ahead a scheduled push must be set. */
export const SCHEDULE_LEAD_MINUTES = 5;

export const NOTICE_PUSH_MSG = {
  titleLength: t('推送标题长度应为2到100个字', 'The title holds 2 to 100 characters'),
  sourceRequired: t('请选择通知、模板或填写推送内容', 'Please select a notice or a template, or write the content'),
  noticeUnpublished: t('请选择已发布的通知', 'Please select a published notice'),
  templateDisabled: t('请选择启用的通知模板', 'Please select an enabled notice template'),
  channelsRequired: t('请选择推送渠道', 'Please select the channels'),
  badChannels: t('推送渠道不正确', 'The channels are not valid'),
  subjectRequired: t('邮件和站内消息须填写标题', 'E-mail and in-app messages need a subject'),
  smsTemplateRequired: t('短信渠道须选择短信模板', 'The SMS channel needs an SMS template'),
  smsUnconfigured: t('没有启用的短信配置', 'No SMS configuration is enabled'),
  emailSettingRequired: t('请选择发件配置', 'Please select the sender'),
  badTargetValue: t('范围取值格式不正确', 'The scope values are not valid'),
  planRequired: t('定时发送须填写计划发送时间', 'A scheduled push needs the time to send'),
  planTooSoon: t('计划发送时间须至少晚于当前时间5分钟', 'The scheduled time must be at least 5 minutes ahead'),
  badPushStatus: t('推送状态只能提交为发送（1）或取消（6）', 'A push can only be submitted to send (1) or cancel (6)'),
  locked: t('推送已开始发送或已结束，不能修改', 'The push has started or ended and cannot be edited'),
  cancelOnlyQueued: t('只有待发送的推送可以取消', 'Only a queued push can be cancelled'),
  sentRemove: t('已发送的推送不能删除', 'A push that was sent cannot be removed'),
  interrupted: t('发送中断，结果未知，未重发', 'Sending was interrupted; the outcome is unknown and it was not resent'),
  dailyLimit: t('已达发件配置的每日上限', 'The sender\'s daily limit was reached'),
  resendNotSent: t('推送尚未发送或已取消，不能重发', 'The push has not been sent or was cancelled: nothing to resend'),
  resendNotFailed: t('只能重发发送失败的邮件记录', 'Only failed e-mail records can be resent'),
  surveyNotCollecting: t('请选择收集中的问卷', 'Please select a survey that is collecting answers'),
  wechatWarning: t('微信渠道未配置，该渠道的对象将记为跳过', 'The WeChat channel is not configured: its recipients will be recorded as skipped'),
  unsubscribed: t('已退订', 'Unsubscribed'),
  unsubscribedBody: t('您已退订校友邮件，今后将不再收到推送邮件。', 'You will no longer receive alumni e-mails.'),
  badToken: t('退订链接无效', 'The unsubscribe link is not valid'),
  badLink: t('链接无效', 'The link is not valid'),
  variablesUnfilled: t('模板变量 {names} 在发送时无法填写，请在推送内容中改写或删除', 'The template variable {names} cannot be filled when sending: rewrite it in the content or remove it'),
  previewUnfilled: t('发送时无法填写 {names}，提交发送将被拒绝', 'Sending cannot fill {names}: a send will be refused'),
  baseUrlRequired: t('尚未设置公网访问地址，邮件和短信中的链接无法打开：请先在“邮件设置”中填写公网访问地址', 'The public base address is not set, so links in e-mails and text messages cannot open: set it in the e-mail settings first'),
} as const;

/**
 * A notice push 通知推送 (DOMAIN 8.3): one sending of a notice, a template or free text to a set of
 * alumni over one or more channels, now or at a set time. The SMS part is an SMS push (8.4); the
 * other channels record each recipient in `alumni_notice_push_record`.
 */
export const noticePushEntity = defineEntity({
  name: 'noticePush',
  label: t('通知推送', 'Notice push'),
  table: 'alumni_notice_push',
  scope: 'tenant',
  permission: 'noticepush',
  api: { base: '/blade-noticePush/noticePush' },
  fields: {
    title: text(t('推送标题', 'Title'), { required: true, max: 100, list: true, search: 'like', width: 220 }),
    noticeId: fk(t('关联通知', 'Notice'), { ref: 'alumniNotice', list: true, search: 'equal', width: 180, options: { url: '/blade-noticePush/noticePush/notice-select', shape: 'list', labelKey: 'title', valueKey: 'id' } }),
    templateId: fk(t('通知模板', 'Template'), { ref: 'noticeTemplate', search: 'equal', options: { url: '/blade-noticeTemplate/noticeTemplate/all', shape: 'list', labelKey: 'templateName', valueKey: 'id' } }),
    // Several `push_channel` keys, stored comma-joined ("1,3"); searching `channels_in=2,3` finds the pushes on any of them.
    channels: dict(t('推送渠道', 'Channels'), 'push_channel', { source: 'biz', multiple: true, required: true, list: true, search: 'in', width: 200 }),
    subject: text(t('标题（邮件/站内信）', 'Subject'), { max: 100 }),
    content: textarea(t('推送内容', 'Content'), { max: 20_000 }),
    smsTemplateId: fk(t('短信模板', 'SMS template'), { ref: 'noticeTemplate', options: { url: '/blade-noticeTemplate/noticeTemplate/all?channel=2', shape: 'list', labelKey: 'templateName', valueKey: 'id' } }),
    emailSettingId: fk(t('发件配置', 'Sender'), { ref: 'email-setting', options: { url: '/blade-noticePush/noticePush/sender-select', shape: 'list', labelKey: 'settingName', valueKey: 'id' } }),
    targetScope: dict(t('推送范围', 'Recipients'), 'target_scope', { source: 'biz', required: true, default: '1', list: true, search: 'equal', width: 110 }),
    targetValue: textarea(t('范围取值', 'Scope values'), { max: 100_000 }),
    sendType: dict(t('发送方式', 'Sending'), 'send_type', { source: 'biz', required: true, default: '1', list: true, search: 'equal', width: 90 }),
    planSendTime: datetime(t('计划发送时间', 'Scheduled for'), { list: true, width: 170 }),
    sendTime: datetime(t('发送时间', 'Sent at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    pushStatus: dict(t('推送状态', 'Status'), 'push_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 100 }),
    targetCount: integer(t('目标', 'Targets'), { form: 'readonly', list: true, default: 0, width: 70 }),
    successCount: integer(t('成功', 'Delivered'), { form: 'readonly', list: true, default: 0, width: 70 }),
    failCount: integer(t('失败', 'Failed'), { form: 'readonly', list: true, default: 0, width: 70 }),
    skipCount: integer(t('跳过', 'Skipped'), { form: 'readonly', list: true, default: 0, width: 70 }),
    readCount: integer(t('已读', 'Read'), { form: 'readonly', list: true, default: 0, width: 70 }),
    smsPushId: fk(t('短信推送任务', 'SMS push'), { form: 'readonly' }),
    // The survey a push invites to (发送邀请, DOMAIN 9.1, added): `${surveyTitle}` and a `${surveyUrl}`
    // signed for each recipient fill its texts.
    surveyId: fk(t('邀请问卷', 'Survey'), { ref: 'questionnaireSurvey', form: 'create-only' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    // Set once every recipient has its record: only then can the push end.
    recipientsResolved: flag(t('对象已确定', 'Recipients resolved'), { form: 'hidden' }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'createTime', desc: true }],
  titleField: 'title',
});
