import { defineEntity } from '../../entity.js';
import { dict, flag, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/**
 * Providers of dictionary `sms`: 1-4 keep the meaning BladeX stores; the product's development log
 * (records instead of sending) is 5. Yunpian and Qiniu are known but have no sender here.
 */
export const SMS_CATEGORY = { yunpian: '1', qiniu: '2', alibaba: '3', tencent: '4', log: '5' } as const;

/** SMS configurations: one provider account and template each; one per tenant is enabled. */
export const smsEntity = defineEntity({
  name: 'sms',
  label: t('短信配置', 'SMS settings'),
  table: 'blade_sms',
  scope: 'tenant',
  permission: 'sms',
  api: { base: '/blade-resource/sms' },
  fields: {
    category: dict(t('分类', 'Provider'), 'sms', { required: true, list: true, search: 'equal', default: SMS_CATEGORY.log }),
    smsCode: text(t('资源编号', 'Code'), { required: true, max: 32, list: true, search: 'like' }),
    templateId: text(t('模板ID', 'Template ID'), { required: true, max: 64, list: true }),
    signName: text(t('短信签名', 'Sign name'), { max: 64, list: true }),
    accessKey: text(t('accessKey', 'Access key'), { max: 255 }),
    secretKey: text(t('secretKey', 'Secret key'), { max: 255, secret: true }),
    regionId: text(t('区域', 'Region'), { max: 64 }),
    appId: text(t('应用ID', 'SDK app ID'), { max: 64 }),
    endpoint: text(t('服务地址', 'Endpoint'), { max: 255 }),
    enabled: flag(t('是否启用', 'Enabled'), { list: true, form: 'readonly' }),
    remark: textarea(t('备注', 'Remark'), { max: 255 }),
  },
  unique: [{ fields: ['smsCode'], message: t('资源编号已存在', 'This SMS code already exists') }],
  titleField: 'smsCode',
});
