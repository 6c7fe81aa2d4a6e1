import { describe, expect, it } from 'vitest';
import { addressRangeProblem, formatAddressRange, isAddressRange, parseAddress, parseAddressRange, rangeHolds } from './address-range.js';

const holds = (range: string, address: string): boolean => {
  const parsed = parseAddressRange(range);
  const addr = parseAddress(address);
  if (!isAddressRange(parsed) || !addr) throw new Error(`bad test input ${range} ${address}`);
  return rangeHolds(parsed, addr);
};

describe('address ranges', () => {
  it('matches IPv4 ranges and single addresses', () => {
    expect(holds('10.0.0.0/8', '10.255.3.4')).toBe(true);
    expect(holds('10.0.0.0/8', '11.0.0.1')).toBe(false);
    expect(holds('192.168.1.0/24', '192.168.1.255')).toBe(true);
    expect(holds('192.168.1.0/24', '192.168.2.0')).toBe(false);
    expect(holds('203.0.113.7', '203.0.113.7')).toBe(true);
    expect(holds('203.0.113.7', '203.0.113.8')).toBe(false);
    expect(holds('0.0.0.0/0', '8.8.8.8')).toBe(true);
    expect(holds('172.16.0.0/12', '172.31.255.255')).toBe(true);
    expect(holds('172.16.0.0/12', '172.32.0.0')).toBe(false);
  });

  it('matches IPv6 ranges, compressed and full', () => {
    expect(holds('2001:db8::/32', '2001:db8:1234::1')).toBe(true);
    expect(holds('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(holds('2001:0db8:0000:0000:0000:0000:0000:0000/48', '2001:db8:0:ffff::1')).toBe(true);
    expect(holds('::1', '::1')).toBe(true);
    expect(holds('fe80::/10', 'fe80::1%eth0')).toBe(true);
    expect(holds('::/0', '2400:cb00::1')).toBe(true);
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, both ways', () => {
    expect(holds('10.0.0.0/8', '::ffff:10.1.2.3')).toBe(true);
    expect(holds('10.0.0.0/8', '::ffff:a01:203')).toBe(true);
    expect(holds('::ffff:10.0.0.0/104', '10.9.9.9')).toBe(true);
    expect(holds('::ffff:10.0.0.0/104', '11.0.0.1')).toBe(false);
    expect(parseAddress('::ffff:127.0.0.1')).toEqual({ v6: false, value: 0x7f000001n });
  });

  it('never matches across families', () => {
    expect(holds('::/0', '10.0.0.1')).toBe(false);
    expect(holds('0.0.0.0/0', '2001:db8::1')).toBe(false);
  });

  it('refuses malformed text with the reason', () => {
    for (const bad of ['', 'abc', '10.0.0', '10.0.0.256', '10.0.0.0/', '10.0.0.0/x', '010.0.0.1', '1:2:3:4:5:6:7:8:9', '2001:db8:::1', '2001:db8::g', '1::2::3', '10.0.0.0/8/8']) {
      const parsed = parseAddressRange(bad);
      expect(isAddressRange(parsed), bad).toBe(false);
    }
    expect(parseAddressRange('10.0.0.0/33')).toEqual({ problem: 'prefix' });
    expect(parseAddressRange('2001:db8::/129')).toEqual({ problem: 'prefix' });
    expect(parseAddressRange('10.1.2.3/8')).toEqual({ problem: 'hostBits', suggested: '10.0.0.0/8' });
    expect(parseAddressRange('2001:db8::1/32')).toEqual({ problem: 'hostBits', suggested: '2001:db8::/32' });
  });

  it('says what is wrong in both languages', () => {
    expect(addressRangeProblem('10.0.0.0/8')).toBeUndefined();
    expect(addressRangeProblem('10.0.0.0/40')?.zh).toContain('前缀长度');
    expect(addressRangeProblem('nonsense')?.en).toContain('valid IPv4/IPv6');
    expect(addressRangeProblem('10.1.0.0/8')?.en).toContain('10.0.0.0/8');
  });

  it('writes a range as its first address and prefix', () => {
    const range = parseAddressRange('2001:db8:0:0:0:0:0:0/32');
    expect(isAddressRange(range) && formatAddressRange(range)).toBe('2001:db8::/32');
    const v4 = parseAddressRange('10.0.0.0/8');
    expect(isAddressRange(v4) && formatAddressRange(v4)).toBe('10.0.0.0/8');
  });
});
