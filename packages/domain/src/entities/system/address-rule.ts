import { defineEntity } from '../../entity.js';
import { dict, flag, text } from '../../fields.js';
import { t } from '../../text.js';

/** Dictionary `address_rule_type`: an allow rule makes an allow-list, a deny rule refuses its range. */
export const ADDRESS_RULE_TYPE = { allow: '1', deny: '2' } as const;
/** Dictionary `address_rule_scope`: the calls a rule governs. */
export const ADDRESS_RULE_SCOPE = { staff: '1', portal: '2' } as const;
export type AddressRuleScope = 'staff' | 'portal';

export const ADDRESS_RULE_MSG = {
  refused: t('您所在的网络地址（{address}）不允许访问本系统，请联系管理员', 'Access from your network address ({address}) is not allowed; please contact the administrator'),
  selfLockout: t('保存后将拒绝您当前的地址 {address}，您将无法继续登录和操作；请先添加允许该地址的规则或改用其他网段',
    'Saving this would refuse your current address {address} and lock you out; allow that address first or choose another range'),
} as const;

/**
 * An address allow/deny rule (decision 290): rows of tenant 000000 hold for the whole platform (a
 * platform deny refuses the range for every tenant), a tenant's rows for that tenant only. Enabled
 * allow rules of a scope make an allow-list: that tenant's calls of the scope come only from them.
 */
export const addressRuleEntity = defineEntity({
  name: 'addressRule',
  label: t('访问地址规则', 'Address rule'),
  table: 'blade_address_rule',
  scope: 'tenant',
  permission: 'addressrule',
  api: { base: '/blade-system/address-rule' },
  fields: {
    ruleType: dict(t('规则类型', 'Rule type'), 'address_rule_type', { required: true, list: true, search: 'equal', width: 100, default: ADDRESS_RULE_TYPE.deny }),
    address: text(t('地址或网段', 'Address or CIDR range'), { required: true, max: 64, check: 'addressRange', list: true, search: 'like', width: 220 }),
    ruleScope: dict(t('适用范围', 'Scope'), 'address_rule_scope', { required: true, list: true, search: 'equal', width: 190, default: ADDRESS_RULE_SCOPE.staff }),
    enabled: flag(t('启用', 'Enabled'), { default: 1, list: true, search: 'equal', width: 80 }),
    remark: text(t('备注', 'Remark'), { max: 255, list: true, wide: true }),
  },
  titleField: 'address',
});
