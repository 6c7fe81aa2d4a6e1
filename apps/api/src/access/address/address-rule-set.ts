import {
  ADDRESS_RULE_SCOPE, ADDRESS_RULE_TYPE, PLATFORM_TENANT, isAddressRange, parseAddress, parseAddressRange, rangeHolds,
  type AddressRange, type AddressRuleScope,
} from '@alumni/domain';

/** A stored rule as the set reads it (enabled, not deleted). */
export interface StoredAddressRule {
  id?: string;
  tenantId: string;
  ruleType: string;
  ruleScope: string;
  address: string;
}

interface ScopeRules {
  allow: AddressRange[];
  deny: AddressRange[];
}

type TenantRules = Record<AddressRuleScope, ScopeRules>;

/** Why an address is refused: a deny rule (of the platform or the tenant) or the tenant's allow-list. */
export type AddressRefusal = 'platformDeny' | 'tenantDeny' | 'notAllowed';

const scopeOf = (stored: string): AddressRuleScope | null =>
  stored === ADDRESS_RULE_SCOPE.staff ? 'staff' : stored === ADDRESS_RULE_SCOPE.portal ? 'portal' : null;

/**
 * The enabled address rules of every tenant, parsed once (decision 290). Deciding a call is a walk
 * over the ranges of the platform and of one tenant, each a mask and a compare.
 */
export class AddressRuleSet {
  private readonly byTenant = new Map<string, TenantRules>();

  constructor(rules: readonly StoredAddressRule[]) {
    for (const rule of rules) {
      const scope = scopeOf(rule.ruleScope);
      const range = parseAddressRange(rule.address);
      if (!scope || !isAddressRange(range)) continue; // only the form's checks write rules; anything else is ignored, never fatal
      let tenant = this.byTenant.get(rule.tenantId);
      if (!tenant) {
        tenant = { staff: { allow: [], deny: [] }, portal: { allow: [], deny: [] } };
        this.byTenant.set(rule.tenantId, tenant);
      }
      if (rule.ruleType === ADDRESS_RULE_TYPE.allow) tenant[scope].allow.push(range);
      else if (rule.ruleType === ADDRESS_RULE_TYPE.deny) tenant[scope].deny.push(range);
    }
  }

  get empty(): boolean {
    return this.byTenant.size === 0;
  }

  /**
   * Why a call of `scope` from `address` for `tenantId` (null when the call names none) is refused,
   * or null when it may go on. A platform deny refuses every tenant's calls; a tenant's deny rules
   * and allow-list (its enabled allow rules, when it has any) hold for its own calls, the platform
   * tenant's allow-list for the platform's staff. An address that is not an IP address passes.
   */
  refusal(address: string, scope: AddressRuleScope, tenantId: string | null): AddressRefusal | null {
    if (this.byTenant.size === 0) return null;
    const parsed = parseAddress(address);
    if (!parsed) return null;
    const holds = (range: AddressRange) => rangeHolds(range, parsed);
    const platform = this.byTenant.get(PLATFORM_TENANT)?.[scope];
    if (platform?.deny.some(holds)) return 'platformDeny';
    if (tenantId === null) return null;
    const own = this.byTenant.get(tenantId)?.[scope];
    if (!own) return null;
    if (own.deny.some(holds)) return tenantId === PLATFORM_TENANT ? 'platformDeny' : 'tenantDeny';
    if (own.allow.length > 0 && !own.allow.some(holds)) return 'notAllowed';
    return null;
  }
}
