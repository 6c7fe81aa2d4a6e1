import { ADDRESS_RULE_MSG, ADDRESS_RULE_SCOPE, ADDRESS_RULE_TYPE, addressRuleEntity, t, type SubmitValues } from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { AddressRuleSet, type StoredAddressRule } from './address-rule-set.js';
import { readAddressRules, type AddressRules } from './address-rules.js';

export const ADDRESS_RULE_FIELD_MSG = {
  badType: t('规则类型只能是允许或拒绝', 'The rule type must be allow or deny'),
  badScope: t('适用范围只能是员工登录与接口或校友门户与公开页面', 'The scope must be staff sign-in and API, or the alumni portal and public pages'),
};

/**
 * Refuses a write after which the rules would refuse the caller's own address for the staff calls
 * of the caller's tenant (decision 292): `change` turns the stored rules into those after the write.
 */
async function refuseSelfLockout(ctx: WriteContext, change: (rules: StoredAddressRule[]) => StoredAddressRule[]): Promise<void> {
  const address = ctx.caller.origin?.ip;
  if (!address) return; // the server's own writes come from no address
  const after = new AddressRuleSet(change(await readAddressRules(ctx.db)));
  if (after.refusal(address, 'staff', ctx.caller.tenantId)) throw badRequest(ADDRESS_RULE_MSG.selfLockout, { address });
}

const storedOf = (row: Record<string, unknown>, tenantId: string): StoredAddressRule => ({
  id: row.id === undefined ? undefined : String(row.id),
  tenantId,
  ruleType: String(row.ruleType ?? ''),
  ruleScope: String(row.ruleScope ?? ''),
  address: String(row.address ?? ''),
});

/**
 * The address rules' writes: the type and scope are keys of their dictionaries, a save or removal
 * that would lock the caller out is refused, and every committed write drops this process's rules.
 */
export function addressRuleHooks(rules: AddressRules): [string, EntityHooks][] {
  return [[addressRuleEntity.name, {
    async beforeSave(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null) {
      const merged: Record<string, unknown> = { ...(existing ?? {}), ...values };
      const errors: Record<string, string> = {};
      if (!Object.values(ADDRESS_RULE_TYPE).includes(String(merged.ruleType) as never)) errors.ruleType = ADDRESS_RULE_FIELD_MSG.badType[ctx.lang];
      if (!Object.values(ADDRESS_RULE_SCOPE).includes(String(merged.ruleScope) as never)) errors.ruleScope = ADDRESS_RULE_FIELD_MSG.badScope[ctx.lang];
      if (Object.keys(errors).length) throw invalidFields(errors);
      if (typeof values.address === 'string') values.address = values.address.trim();
      const tenantId = String(existing?.tenantId ?? ctx.caller.tenantId);
      const saved = storedOf({ ...merged, address: values.address ?? merged.address }, tenantId);
      const id = existing ? String(existing.id) : null;
      await refuseSelfLockout(ctx, (stored) => [
        ...stored.filter((rule) => rule.id !== id),
        ...(Number(merged.enabled ?? 1) === 1 ? [saved] : []),
      ]);
    },
    async beforeRemove(ctx: WriteContext, rows: JsonRecord[]) {
      const removed = new Set(rows.map((row) => String(row.id)));
      await refuseSelfLockout(ctx, (stored) => stored.filter((rule) => !removed.has(String(rule.id))));
    },
    afterCommit: () => rules.drop(),
  }]];
}
