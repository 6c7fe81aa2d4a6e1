import { ADDRESS_RULE_SCOPE as SCOPE, ADDRESS_RULE_TYPE as TYPE } from '@alumni/domain';
import { describe, expect, it } from 'vitest';
import { AddressRuleSet, type StoredAddressRule } from './address-rule-set.js';

const rule = (tenantId: string, ruleType: string, address: string, ruleScope: string = SCOPE.staff): StoredAddressRule =>
  ({ tenantId, ruleType, ruleScope, address });

describe('the address rule set', () => {
  const set = new AddressRuleSet([
    rule('000000', TYPE.deny, '198.51.100.0/24'),
    rule('000000', TYPE.deny, '2001:db8:bad::/48', SCOPE.portal),
    rule('100001', TYPE.allow, '10.20.0.0/16'),
    rule('100001', TYPE.allow, '2001:db8:ca::/48'),
    rule('100001', TYPE.deny, '10.20.99.0/24'),
    rule('100002', TYPE.deny, 'not a range'),
  ]);

  it('refuses a platform deny for every tenant and calls that name none', () => {
    expect(set.refusal('198.51.100.9', 'staff', '100001')).toBe('platformDeny');
    expect(set.refusal('198.51.100.9', 'staff', '100002')).toBe('platformDeny');
    expect(set.refusal('198.51.100.9', 'staff', null)).toBe('platformDeny');
    expect(set.refusal('::ffff:198.51.100.9', 'staff', '000000')).toBe('platformDeny');
  });

  it("keeps a tenant's staff to its allow-list, minus its own deny rules", () => {
    expect(set.refusal('10.20.1.1', 'staff', '100001')).toBeNull();
    expect(set.refusal('2001:db8:ca::5', 'staff', '100001')).toBeNull();
    expect(set.refusal('10.21.1.1', 'staff', '100001')).toBe('notAllowed');
    expect(set.refusal('10.20.99.3', 'staff', '100001')).toBe('tenantDeny');
    // Another tenant has no allow-list: any address but the platform's denied ones.
    expect(set.refusal('10.21.1.1', 'staff', '100002')).toBeNull();
  });

  it('governs the portal scope by its own rules', () => {
    expect(set.refusal('10.21.1.1', 'portal', '100001')).toBeNull();
    expect(set.refusal('198.51.100.9', 'portal', '100001')).toBeNull();
    expect(set.refusal('2001:db8:bad::1', 'portal', null)).toBe('platformDeny');
    expect(set.refusal('2001:db8:bad::1', 'staff', null)).toBeNull();
  });

  it('passes an address that is not an IP address, and everything when empty', () => {
    expect(set.refusal('unknown', 'staff', '100001')).toBeNull();
    expect(new AddressRuleSet([]).refusal('198.51.100.9', 'staff', '100001')).toBeNull();
  });
});
