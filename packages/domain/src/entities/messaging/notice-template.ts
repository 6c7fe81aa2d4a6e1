import { defineEntity } from '../../entity.js';
import { dict, list, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { enableStatusField } from '../academic/academic-fields.js';
import { MESSAGING_MSG } from './messaging-fields.js';

/**
 * A reusable message text 通知模板 per channel and business scene, with `${name}` variables
 * (DOMAIN 8.2). SMS and WeChat templates mirror one the provider approved, so they carry its id.
 * Shared by the whole tenant (no data scope).
 */
export const noticeTemplateEntity = defineEntity({
  name: 'noticeTemplate',
  label: t('通知模板', 'Notice template'),
  table: 'alumni_notice_template',
  scope: 'tenant',
  permission: 'noticetemplate',
  api: { base: '/blade-noticeTemplate/noticeTemplate' },
  fields: {
    templateCode: text(t('模板编码', 'Code'), { required: true, max: 32, list: true, search: 'like', form: 'create-only', width: 200 }),
    templateName: text(t('模板名称', 'Name'), { required: true, max: 64, list: true, search: 'like', width: 180 }),
    channel: dict(t('推送渠道', 'Channel'), 'push_channel', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    scene: dict(t('业务场景', 'Scene'), 'template_scene', { source: 'biz', required: true, list: true, search: 'equal', width: 120 }),
    title: text(t('标题', 'Subject'), { max: 100, list: true, width: 160 }),
    content: textarea(t('模板内容', 'Content'), { required: true, max: 20000, search: 'like' }),
    variables: list(t('变量说明', 'Variables'), {
      name: text(t('变量名', 'Name'), { max: 64, required: true }),
      label: text(t('含义', 'Meaning'), { max: 64, required: true }),
      sample: text(t('示例', 'Sample'), { max: 128 }),
    }, { max: 2000, maxRows: 30 }),
    providerTemplateId: text(t('服务商模板编号', 'Provider template ID'), { max: 64, list: true, width: 150 }),
    smsSignName: text(t('短信签名', 'SMS signature'), { max: 32 }),
    status: enableStatusField(),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'updateTime', desc: true }],
  unique: [{ fields: ['templateCode'], message: MESSAGING_MSG.templateCodeTaken }],
  titleField: 'templateName',
});
