import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * One recipient of a notice push on one channel 推送记录 (DOMAIN 8.3): in-app and e-mail recipients,
 * and those skipped on WeChat; the SMS channel's recipients are the targets of its SMS push (8.5).
 * Read through `record/list` of the push; the address (an e-mail) is sealed at rest and masked per 1.8.
 */
export const noticePushRecordEntity = defineEntity({
  name: 'noticePushRecord',
  label: t('推送记录', 'Push record'),
  table: 'alumni_notice_push_record',
  scope: 'tenant',
  permission: 'noticepush',
  fields: {
    pushId: fk(t('通知推送', 'Notice push'), { ref: 'noticePush', required: true, search: 'equal' }),
    alumniId: fk(t('校友', 'Alumnus'), { ref: 'basicInfo', required: true }),
    alumniName: text(t('姓名', 'Name'), { max: 30, list: true, search: 'like' }),
    channel: dict(t('推送渠道', 'Channel'), 'push_channel', { source: 'biz', required: true, list: true, search: 'equal' }),
    address: text(t('联系方式', 'Address'), { max: 100, list: true, sensitive: 'email' }),
    status: dict(t('发送状态', 'Status'), 'target_status', { source: 'biz', numeric: true, list: true, search: 'equal' }),
    failReason: text(t('失败原因', 'Failure reason'), { max: 255, list: true }),
    sendTime: datetime(t('发送时间', 'Sent at'), { list: true }),
    readTime: datetime(t('阅读时间', 'Read at'), { list: true }),
    /** The first click on a link of the e-mail (through the click-through address): it counts as read too. */
    clickTime: datetime(t('点击时间', 'Clicked at'), { list: true }),
    /** The job run that claimed the record for sending: a retry of that job finds what its crashed run left. */
    sendJob: text(t('发送任务', 'Sending job'), { max: 64, form: 'hidden' }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'sendTime', desc: true }],
  titleField: 'alumniName',
});
