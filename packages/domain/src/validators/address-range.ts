import { t, type Text } from '../text.js';

/**
 * An IPv4 or IPv6 address or CIDR range, parsed once so that matching is two integer operations.
 * An IPv4 range and an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`, as a dual-stack server reports
 * IPv4 clients) are the same IPv4 address; `::ffff:0:0/96` is read as `0.0.0.0/0`.
 */
export interface AddressRange {
  v6: boolean;
  /** The range's first address (host bits zero). */
  base: bigint;
  prefix: number;
  mask: bigint;
}

/** A parsed single address. */
export interface ParsedAddress {
  v6: boolean;
  value: bigint;
}

const V4_BITS = 32;
const V6_BITS = 128;

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || (part.length > 1 && part.startsWith('0'))) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (i === parts.length - 1 && part.includes('.')) {
      const v4 = parseV4(part);
      if (v4 === null) return null;
      groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else {
      if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return null;
      groups.push(parseInt(part, 16));
    }
  }
  return groups;
}

function parseV6(text: string): bigint | null {
  const address = text.replace(/%[0-9A-Za-z_.-]+$/, ''); // a zone (fe80::1%eth0) names the interface, not the address
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0] as string);
  const tail = halves.length === 2 ? parseGroups(halves[1] as string) : [];
  if (head === null || tail === null) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** A single IPv4 or IPv6 address, an IPv4-mapped IPv6 address read as IPv4; null when it is none. */
export function parseAddress(text: string): ParsedAddress | null {
  const value = text.trim();
  if (value.includes(':')) {
    const v6 = parseV6(value);
    if (v6 === null) return null;
    if (v6 >> 32n === 0xffffn) return { v6: false, value: v6 & 0xffffffffn };
    return { v6: true, value: v6 };
  }
  const v4 = parseV4(value);
  return v4 === null ? null : { v6: false, value: v4 };
}

const maskOf = (bits: number, prefix: number): bigint =>
  prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);

/** What is wrong with a typed range. */
export type AddressRangeProblem = 'format' | 'prefix' | 'hostBits';

export const ADDRESS_RANGE_MSG: Record<Exclude<AddressRangeProblem, 'hostBits'>, Text> = {
  format: t('请输入有效的 IPv4/IPv6 地址或 CIDR 网段，如 10.0.0.0/8、2001:db8::/32',
    'Enter a valid IPv4/IPv6 address or CIDR range, such as 10.0.0.0/8 or 2001:db8::/32'),
  prefix: t('网段前缀长度应为 IPv4 0–32、IPv6 0–128', 'The prefix length must be 0–32 for IPv4 and 0–128 for IPv6'),
};

/** The message for a range whose address has bits set beyond its prefix, naming the range meant. */
export const hostBitsMessage = (suggested: string): Text =>
  t(`网段的地址部分超出前缀长度，应写作 ${suggested}`, `The range's address has bits beyond its prefix; write it as ${suggested}`);

/** The text of a range as it should be written (its first address and the prefix). */
export function formatAddressRange(range: AddressRange): string {
  if (!range.v6) {
    const v = range.base;
    const text = [24n, 16n, 8n, 0n].map((shift) => String((v >> shift) & 0xffn)).join('.');
    return `${text}/${range.prefix}`;
  }
  const groups = Array.from({ length: 8 }, (_, i) => Number((range.base >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return `${groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::')}/${range.prefix}`;
}

/**
 * An address (a range of one) or a CIDR range, or what is wrong with it. An IPv4-mapped IPv6 range
 * (`::ffff:10.0.0.0/104`) becomes the IPv4 range it covers.
 */
export function parseAddressRange(text: string): AddressRange | { problem: AddressRangeProblem; suggested?: string } {
  const value = text.trim();
  const slash = value.indexOf('/');
  const addressText = slash < 0 ? value : value.slice(0, slash);
  const prefixText = slash < 0 ? null : value.slice(slash + 1);
  const isV6 = addressText.includes(':');
  const raw = isV6 ? parseV6(addressText) : parseV4(addressText);
  if (raw === null) return { problem: 'format' };
  const bits = isV6 ? V6_BITS : V4_BITS;
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return { problem: 'format' };
  let prefix = prefixText === null ? bits : Number(prefixText);
  if (prefix > bits) return { problem: 'prefix' };
  let v6 = isV6;
  let base = raw;
  if (isV6 && prefix >= 96 && (raw >> 32n) === 0xffffn) {
    v6 = false;
    base = raw & 0xffffffffn;
    prefix -= 96;
  }
  const width = v6 ? V6_BITS : V4_BITS;
  const mask = maskOf(width, prefix);
  if ((base & mask) !== base) {
    return { problem: 'hostBits', suggested: formatAddressRange({ v6, base: base & mask, prefix, mask }) };
  }
  return { v6, base, prefix, mask };
}

/** Whether the range was parsed (not a problem). */
export const isAddressRange = (value: ReturnType<typeof parseAddressRange>): value is AddressRange => !('problem' in value);

/** What is wrong with a typed range in words, or undefined when it is a range. */
export function addressRangeProblem(text: string): Text | undefined {
  const parsed = parseAddressRange(text);
  if (isAddressRange(parsed)) return undefined;
  return parsed.problem === 'hostBits' ? hostBitsMessage(parsed.suggested ?? '') : ADDRESS_RANGE_MSG[parsed.problem];
}

/** Whether the address lies in the range (IPv4 never matches an IPv6 range, and the reverse). */
export function rangeHolds(range: AddressRange, address: ParsedAddress): boolean {
  return range.v6 === address.v6 && (address.value & range.mask) === range.base;
}
