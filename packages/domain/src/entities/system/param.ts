import { defineEntity } from '../../entity.js';
import { text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Parameters: named settings read by the product (account.initPassword, export.maxRows ...). */
export const paramEntity = defineEntity({
  name: 'param',
  label: t('参数', 'Parameter'),
  table: 'blade_param',
  scope: 'tenant',
  permission: 'param',
  api: { base: '/blade-system/param' },
  fields: {
    paramName: text(t('参数名称', 'Name'), {
      required: true, max: 255, list: true, search: 'like', trigger: 'blur',
      requiredMessage: t('请输入参数名称', 'Please enter the parameter name'),
    }),
    paramKey: text(t('参数键名', 'Key'), {
      required: true, max: 255, list: true, search: 'like', trigger: 'blur',
      requiredMessage: t('请输入参数键名', 'Please enter the parameter key'),
    }),
    paramValue: textarea(t('参数键值', 'Value'), {
      required: true, max: 4000, list: true, trigger: 'blur',
      requiredMessage: t('请输入参数键值', 'Please enter the parameter value'),
    }),
    remark: textarea(t('备注', 'Remark'), { max: 255 }),
  },
  unique: [{ fields: ['paramKey'], message: t('参数键名已存在', 'This parameter key already exists') }],
  titleField: 'paramName',
});
