import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

export const SMS_TARGET_MSG = {
  pushLocked: t('推送已提交，不能修改推送对象', 'The push is submitted: its recipients can no longer change'),
  phoneTaken: t('该号码已在推送对象中', 'This number is already a recipient of the push'),
  maxRetry: t('已达最大重发次数', 'The number of resends has reached its limit'),
  notFailed: t('只能重发发送失败的对象', 'Only failed recipients can be resent'),
  pushCancelled: t('推送已取消，不能重发', 'The push is cancelled and cannot be resent'),
  badParams: t('个人参数应为JSON对象', 'The personal parameters must be a JSON object'),
  pushRequired: t('请选择短信推送', 'Please select the SMS push'),
} as const;

/**
 * One recipient 推送对象 of an SMS push (DOMAIN 8.5) with its own outcome: 0 waiting, 1 sending,
 * 2 delivered, 3 failed, 4 skipped. The phone is unique within the push.
 */
export const smsPushTargetEntity = defineEntity({
  name: 'smsPushTarget',
  label: t('推送对象', 'SMS recipient'),
  table: 'alumni_sms_push_target',
  scope: 'tenant',
  permission: 'smspush',
  buttonCodes: {
    add: 'smspushtarget_add', edit: 'smspushtarget_edit', remove: 'smspushtarget_delete', view: 'smspush_view',
    export: 'smspushtarget_export', import: 'smspushtarget_import',
  },
  api: { base: '/smsPushTarget/smsPushTarget', list: 'page' },
  fields: {
    smsPushId: fk(t('短信推送', 'SMS push'), { required: true, ref: 'smsPush', form: 'create-only', search: 'equal' }),
    alumniId: fk(t('校友', 'Alumnus'), {
      ref: 'basicInfo', list: true, width: 120,
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    name: text(t('姓名', 'Name'), { max: 30, list: true, search: 'like', width: 100 }),
    phone: text(t('手机号码', 'Mobile'), { required: true, max: 20, list: true, search: 'equal', width: 130, sensitive: 'phone' }),
    params: textarea(t('个人参数', 'Personal parameters'), { max: 2000 }),
    source: dict(t('来源', 'Source'), 'target_source', { source: 'biz', form: 'readonly', search: 'equal' }),
    pushStatus: dict(t('发送状态', 'Status'), 'target_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 100 }),
    failCode: text(t('失败代码', 'Failure code'), { max: 64, form: 'readonly', search: 'equal' }),
    failReason: text(t('失败原因', 'Failure reason'), { max: 255, form: 'readonly', list: true, search: 'like', width: 200 }),
    bizId: text(t('回执编号', 'Receipt ID'), { max: 64, form: 'readonly', search: 'equal' }),
    sendTime: datetime(t('发送时间', 'Sent at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    retryCount: integer(t('重发次数', 'Retries'), { form: 'readonly', list: true, width: 80 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'sendTime', desc: true }, { field: 'name' }],
  unique: [{ fields: ['smsPushId', 'phone'], message: SMS_TARGET_MSG.phoneTaken }],
  titleField: 'name',
  excel: { export: true },
});
