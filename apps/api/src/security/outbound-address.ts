import dns from 'node:dns';
import net from 'node:net';
import { fill, t, type Text } from '@alumni/domain';
import { badRequest, type AppError } from '../core/errors.js';

/**
 * The one guard of every connection the server opens to an address a tenant chose (object-storage
 * endpoints, SMTP hosts, SMS endpoints, data sources): the host is resolved, and when ANY of its
 * addresses is loopback, unspecified, private, shared (CGNAT), link-local (the cloud metadata
 * service), multicast or reserved — also written as IPv4 inside IPv6 — the connection is refused
 * before a packet leaves, unless the operator's allow-list (`OUTBOUND_ALLOW`) names it. Callers
 * connect to the addresses the guard answered (`resolve`, or `socketLookup` for http/net/tls), so a
 * name cannot resolve to a public address for the check and to an internal one for the connection.
 */

/** The messages of an outbound connection, in both languages; none quotes what the far side said. */
export const OUTBOUND_MSG = {
  notAllowed: t(
    '地址不允许：服务器不连接本机、内网、链路本地或元数据地址（{host}），如确需使用，请平台运维在 OUTBOUND_ALLOW 中放行',
    'Address not allowed: the server does not connect to loopback, private, link-local or metadata addresses ({host}); the platform operator may allow it in OUTBOUND_ALLOW',
  ),
  cannotConnect: t('无法连接到 {host}', 'Cannot connect to {host}'),
  refused: t('连接被拒绝（{host}）', 'Connection refused ({host})'),
  timeout: t('连接超时（{host}）', 'The connection to {host} timed out'),
  unknownHost: t('找不到主机 {host}', 'Unknown host {host}'),
  rejected: t('对方服务拒绝了请求（{host}）', 'The service at {host} refused the request'),
  /** The reply's number only (SMTP 550, HTTP 403…): staff tell a bounced address from a busy server by it. */
  rejectedWithCode: t('对方服务拒绝了请求（{host}，应答码 {code}）', 'The service at {host} refused the request (reply code {code})'),
  credentials: t('对方服务拒绝了账号或密钥（{host}）', 'The service at {host} refused the account or key'),
} as const satisfies Record<string, Text>;

export type OutboundProblem = Exclude<keyof typeof OUTBOUND_MSG, 'rejectedWithCode'>;

/** A connection the guard refused: nothing was sent to the address. */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUND';

  constructor(readonly host: string, readonly address: string) {
    super(`outbound address not allowed: ${host} (${address})`);
  }
}

interface Cidr {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

/** The operator's allow-list: address ranges, and host names or addresses with an optional port. */
export interface OutboundAllowList {
  readonly ranges: readonly Cidr[];
  readonly hosts: readonly { host: string; port: number | null }[];
  /** The setting as written, for logs. */
  readonly text: string;
}

export const EMPTY_ALLOW_LIST: OutboundAllowList = { ranges: [], hosts: [], text: '' };

/** 4 or 6 and the address as a number, or null when `text` is no IP address. */
function ipValue(text: string): { family: 4 | 6; value: bigint } | null {
  const family = net.isIP(text);
  if (family === 4) return { family: 4, value: text.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n) };
  if (family !== 6) return null;
  let address = text.replace(/%.*$/, '');
  // a dotted IPv4 tail (::ffff:127.0.0.1) as two groups
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = ipValue(dotted[1] as string)?.value ?? 0n;
    address = `${address.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return { family: 6, value: groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n) };
}

const inRange = (range: Cidr, ip: { family: 4 | 6; value: bigint }): boolean => {
  if (range.family !== ip.family) return false;
  const bits = BigInt((range.family === 4 ? 32 : 128) - range.prefix);
  return ip.value >> bits === range.base >> bits;
};

function cidr(text: string): Cidr {
  const [address = '', prefixText] = text.split('/');
  const ip = ipValue(address);
  const max = ip?.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!ip || !(prefix >= 0 && prefix <= max)) throw new Error(`not an address range: ${text}`);
  return { family: ip.family, base: ip.value, prefix };
}

/** Ranges the server never connects to unless allowed (IPv4 inside IPv6 is unwrapped first, `embeddedV4`). */
const BLOCKED: readonly { range: Cidr; name: string }[] = [
  ['0.0.0.0/8', 'unspecified'], ['10.0.0.0/8', 'private'], ['100.64.0.0/10', 'shared (CGNAT)'], ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local (metadata)'], ['172.16.0.0/12', 'private'], ['192.0.0.0/24', 'IETF protocol'],
  ['192.168.0.0/16', 'private'], ['198.18.0.0/15', 'benchmarking'], ['224.0.0.0/4', 'multicast'], ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'], ['::1/128', 'loopback'], ['100::/64', 'discard'], ['fc00::/7', 'unique local (private)'],
  ['fe80::/10', 'link-local'], ['fec0::/10', 'site-local'], ['ff00::/8', 'multicast'],
].map(([range, name]) => ({ range: cidr(range as string), name: name as string }));

/** IPv6 forms that carry an IPv4 address: mapped, translated, compatible, NAT64 and 6to4. */
const EMBEDDING: readonly { range: Cidr; shift: bigint }[] = [
  { range: cidr('::ffff:0:0/96'), shift: 0n },
  { range: cidr('::ffff:0:0:0/96'), shift: 0n },
  { range: cidr('64:ff9b::/96'), shift: 0n },
  { range: cidr('::/96'), shift: 0n },
  { range: cidr('2002::/16'), shift: 80n },
];

function embeddedV4(ip: { family: 4 | 6; value: bigint }): { family: 4; value: bigint } | null {
  if (ip.family !== 6 || ip.value <= 1n) return null; // :: and ::1 are IPv6's own
  const form = EMBEDDING.find((e) => inRange(e.range, ip));
  return form ? { family: 4, value: (ip.value >> form.shift) & 0xffffffffn } : null;
}

/** The name of the refused range `address` lies in (its IPv4 inside IPv6 included), or null for a public address. */
export function blockedRange(address: string): string | null {
  const ip = ipValue(address);
  if (!ip) return 'not an address';
  const candidates = [ip, embeddedV4(ip)].filter((c) => c !== null);
  for (const candidate of candidates) {
    const hit = BLOCKED.find((b) => inRange(b.range, candidate));
    if (hit) return hit.name;
  }
  return null;
}

/** A host as written in a URL or setting: lower case, without IPv6 brackets or a trailing dot. */
const plainHost = (host: string): string => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/**
 * Reads `OUTBOUND_ALLOW`: comma-separated CIDRs (`127.0.0.1/32`, `10.8.0.0/16`, `::1/128`) and hosts
 * with an optional port (`minio.campus.edu:9000`, `127.0.0.1:2525`, `[::1]:25`). A CIDR allows every
 * port of its addresses; a host name allows what it resolves to, on that port (any port without one);
 * an address allows itself on that port, also when reached through a name. Throws on a malformed entry.
 */
export function parseAllowList(text: string | undefined): OutboundAllowList {
  const ranges: Cidr[] = [];
  const hosts: { host: string; port: number | null }[] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry.includes('/')) {
      ranges.push(cidr(entry));
      continue;
    }
    const match = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(entry)
      ?? (net.isIPv6(entry) ? [entry, entry, undefined] : /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry));
    const host = match?.[1];
    const port = match?.[2] === undefined ? null : Number(match[2]);
    if (!host || (port !== null && (port < 1 || port > 65535)) || (host.includes(':') && !net.isIPv6(host))) {
      throw new Error(`not a CIDR or host[:port]: ${entry}`);
    }
    hosts.push({ host: plainHost(host), port });
  }
  return { ranges, hosts, text: text ?? '' };
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

const systemLookup: HostLookup = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Where the far side's own words go: the server's log, never an answer. */
export interface OutboundLog {
  warn(detail: Record<string, unknown>, message: string): void;
}

export class OutboundGuard {
  constructor(
    readonly allow: OutboundAllowList = EMPTY_ALLOW_LIST,
    private readonly lookup: HostLookup = systemLookup,
    private readonly log: OutboundLog | null = null,
  ) {}

  /**
   * What went wrong with a connection to `host`, in general words in both languages (refused, timed
   * out, not allowed…); the error itself — a banner, an S3 error body, an SMTP reply — is only logged.
   */
  describe(error: unknown, host: string): Text {
    const problem = outboundProblem(error);
    this.log?.warn({ host, problem, err: error }, 'outbound connection failed');
    const e = error as { responseCode?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
    const code = e?.responseCode ?? e?.$metadata?.httpStatusCode;
    const numbered = problem === 'rejected' && typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 999;
    const text = numbered ? OUTBOUND_MSG.rejectedWithCode : OUTBOUND_MSG[problem];
    const values = { host, code: numbered ? String(code) : '' };
    return { zh: fill(text.zh, values), en: fill(text.en, values) };
  }

  /** The 400 of a failed outbound connection (`describe`), optionally inside a message with a `{reason}`. */
  failure(error: unknown, host: string, within?: Text): AppError {
    const reason = this.describe(error, host);
    return badRequest(within ? { zh: fill(within.zh, { reason: reason.zh }), en: fill(within.en, { reason: reason.en }) } : reason);
  }

  /**
   * A save-time check of a URL or host a tenant enters: a 400 naming `field` when it is written as,
   * or resolves to, an address the server does not connect to. A name that does not resolve now is
   * left to the connection (the service may not be up yet).
   */
  async checkField(target: { url: string } | { host: string; port: number | null }, field: string, lang: 'zh' | 'en'): Promise<void> {
    try {
      if ('url' in target) await this.resolveUrl(target.url);
      else await this.resolve(target.host, target.port);
    } catch (error) {
      if (!(error instanceof OutboundRefused)) return;
      const host = 'url' in target ? safeHost(target.url) : target.host;
      throw badRequest(OUTBOUND_MSG.notAllowed, { host }, { errors: { [field]: fill(OUTBOUND_MSG.notAllowed[lang], { host }) } });
    }
  }

  private hostAllowed(host: string, port: number | null): boolean {
    return this.allow.hosts.some((h) => h.host === host && (h.port === null || h.port === port));
  }

  private addressAllowed(address: string, port: number | null): boolean {
    const ip = ipValue(address);
    if (!ip) return false;
    if (this.allow.ranges.some((r) => inRange(r, ip))) return true;
    return this.allow.hosts.some((h) => {
      const entry = ipValue(h.host);
      return entry !== null && entry.family === ip.family && entry.value === ip.value && (h.port === null || h.port === port);
    });
  }

  /**
   * The addresses to connect to for `host` on `port`, each checked: throws `OutboundRefused` when
   * any is refused (nothing was sent), or the resolver's error (`ENOTFOUND`) for an unknown name.
   */
  async resolve(hostText: string, port: number | null): Promise<ResolvedAddress[]> {
    const host = plainHost(hostText);
    const family = net.isIP(host);
    const addresses: ResolvedAddress[] = family ? [{ address: host, family: family === 6 ? 6 : 4 }] : await this.lookup(host);
    if (addresses.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
    if (!family && this.hostAllowed(host, port)) return addresses;
    for (const { address } of addresses) {
      if (blockedRange(address) !== null && !this.addressAllowed(address, port)) throw new OutboundRefused(host, address);
    }
    return addresses;
  }

  /** `resolve` for a URL (`http(s)://host[:port]/…`); its default port when none is written. */
  async resolveUrl(url: string): Promise<ResolvedAddress[]> {
    const parsed = new URL(url);
    const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : parsed.protocol === 'http:' ? 80 : null;
    return this.resolve(parsed.hostname, port);
  }

  /**
   * A `lookup` for `net.connect`/`tls.connect`/an http(s) agent that answers only checked addresses
   * of a name (an address written as such is not looked up by Node: check it with `resolve` first).
   */
  socketLookup(port: number | null): net.LookupFunction {
    return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      this.resolve(hostname, port).then((addresses) => {
        const wanted = options?.family === 4 || options?.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const list = wanted.length ? wanted : addresses;
        if (options?.all) callback(null, list);
        else callback(null, list[0]?.address, list[0]?.family);
      }, (error: unknown) => callback(error));
    }) as unknown as net.LookupFunction;
  }
}

const safeHost = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** What went wrong with an outbound connection, without anything the far side said (logged separately). */
export function outboundProblem(error: unknown): OutboundProblem {
  if (error instanceof OutboundRefused) return 'notAllowed';
  const e = error as { code?: unknown; errors?: unknown; name?: unknown; message?: unknown; responseCode?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  const codes: string[] = [];
  const collect = (x: unknown) => {
    const c = (x as { code?: unknown; cause?: unknown } | null)?.code;
    if (typeof c === 'string') codes.push(c);
    const cause = (x as { cause?: unknown } | null)?.cause;
    if (cause && typeof cause === 'object' && cause !== x) collect(cause);
  };
  collect(e);
  if (Array.isArray(e?.errors)) e.errors.forEach(collect);
  // Some clients (nodemailer) wrap the socket's error and keep its code only in the message.
  const local = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/.exec(String(e?.message ?? ''));
  if (local) codes.push(local[1] as string);
  if (codes.some((c) => c === 'EHOSTUNREACH' || c === 'ENETUNREACH')) return 'cannotConnect';
  if (codes.includes('EOUTBOUND')) return 'notAllowed';
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) return 'unknownHost';
  if (codes.includes('ECONNREFUSED')) return 'refused';
  if (codes.some((c) => c === 'ETIMEDOUT' || c === 'ETIMEOUT' || c === 'ESOCKET' && /timeout/i.test(String(e?.message)))) return 'timeout';
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /timed? ?out/i.test(String(e?.message ?? ''))) return 'timeout';
  if (codes.includes('EAUTH') || e?.$metadata?.httpStatusCode === 403 || e?.name === 'InvalidAccessKeyId' || e?.name === 'SignatureDoesNotMatch') {
    return 'credentials';
  }
  if (typeof e?.responseCode === 'number' || typeof e?.$metadata?.httpStatusCode === 'number') return 'rejected';
  return 'cannotConnect';
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * An HTTP(S) request to a tenant-chosen URL through the guard: the host is checked (an address as
 * written, or every address of a name) and the socket connects only to the checked addresses. The
 * answer's body is read up to `maxBytes`. For providers' APIs (SMS); `fetch` cannot be pinned.
 */
export async function outboundRequest(
  guard: OutboundGuard,
  url: string | URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number; maxBytes?: number },
): Promise<OutboundAnswer> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`not an http(s) URL: ${target.protocol}`);
  await guard.resolveUrl(target.href);
  const port = target.port ? Number(target.port) : target.protocol === 'https:' ? 443 : 80;
  const { request } = target.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const maxBytes = init.maxBytes ?? 64 * 1024;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = request(target, {
      method: init.method ?? 'GET', headers: init.headers, lookup: guard.socketLookup(port), timeout: init.timeoutMs, agent: false,
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
        size += chunk.length;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('request timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(init.body);
  });
}
