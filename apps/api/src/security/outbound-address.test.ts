import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config.js';
import { OutboundGuard, OutboundRefused, blockedRange, outboundProblem, parseAllowList, type HostLookup } from './outbound-address.js';

/** A resolver that answers from a table and counts its questions: no test here asks a real name server but for `localhost`. */
function stubLookup(table: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (host: string) => {
    asked.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 as const : 4 as const }));
  };
  return Object.assign(lookup, { asked });
}

const REFUSED = [
  ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'], ['::1', 'loopback'],
  ['0.0.0.0', 'unspecified'], ['::', 'unspecified'],
  ['10.0.0.1', 'private'], ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'], ['172.31.255.255', 'private'],
  ['192.168.0.1', 'private'], ['192.168.255.255', 'private'],
  ['100.64.0.1', 'shared (CGNAT)'], ['100.127.255.255', 'shared (CGNAT)'],
  ['169.254.169.254', 'link-local (metadata)'], ['169.254.0.1', 'link-local (metadata)'],
  ['fc00::1', 'unique local (private)'], ['fd12:3456::1', 'unique local (private)'],
  ['fe80::1', 'link-local'], ['febf::1', 'link-local'],
  ['224.0.0.1', 'multicast'], ['239.255.255.250', 'multicast'], ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  // IPv4 inside IPv6: mapped (dotted and hexadecimal), translated, compatible, NAT64 and 6to4
  ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'link-local (metadata)'], ['::ffff:c0a8:101', 'private'], ['::ffff:0:a00:1', 'private'],
  ['::127.0.0.1', 'loopback'], ['64:ff9b::a9fe:a9fe', 'link-local (metadata)'], ['2002:7f00:1::', 'loopback'], ['2002:ac10:1::1', 'private'],
] as const;

const PUBLIC = ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.255.255', '192.169.0.1',
  '11.0.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1', 'fbff::1', '2001:db9::1'];

describe('outbound address guard', () => {
  it.each(REFUSED)('refuses %s (%s)', async (address, range) => {
    expect(blockedRange(address)).toBe(range);
    await expect(new OutboundGuard().resolve(address, 443)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it.each(PUBLIC)('allows the public address %s', async (address) => {
    expect(blockedRange(address)).toBeNull();
    await expect(new OutboundGuard().resolve(address, 443)).resolves.toEqual([{ address, family: net.isIPv6(address) ? 6 : 4 }]);
  });

  it('refuses a URL whose host is written in brackets, with its default port', async () => {
    const guard = new OutboundGuard();
    await expect(guard.resolveUrl('http://[::1]:9000/bucket')).rejects.toBeInstanceOf(OutboundRefused);
    await expect(guard.resolveUrl('http://[::ffff:127.0.0.1]/')).rejects.toBeInstanceOf(OutboundRefused);
    await expect(guard.resolveUrl('https://169.254.169.254/latest/meta-data/')).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('refuses a DNS name resolving to loopback (localhost, from the system resolver)', async () => {
    await expect(new OutboundGuard().resolve('localhost', 25)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('refuses a name when ANY of its addresses is refused, and answers the checked addresses otherwise', async () => {
    const lookup = stubLookup({
      'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'v6.example.com': ['2606:4700::1', 'fd00::5'],
      'mapped.example.com': ['::ffff:10.0.0.7'],
      'www.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
    });
    const guard = new OutboundGuard(undefined, lookup);
    for (const host of ['rebind.example.com', 'metadata.example.com', 'v6.example.com', 'mapped.example.com']) {
      await expect(guard.resolve(host, 443)).rejects.toBeInstanceOf(OutboundRefused);
    }
    await expect(guard.resolve('WWW.Example.com.', 443)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 },
    ]);
    await expect(guard.resolve('nowhere.example.com', 443)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('allows internal addresses the allow-list names: by CIDR, by address and port, by host name and port', async () => {
    const lookup = stubLookup({ 'minio.campus.edu': ['10.8.1.20'], 'smtp.campus.edu': ['192.168.3.4'], 'mail.local': ['127.0.0.1'] });
    const guard = new OutboundGuard(parseAllowList(' 172.20.0.0/16 , ::1/128, 127.0.0.1:2525, minio.campus.edu:9000, smtp.campus.edu, [fd00::7]:25'), lookup);
    await expect(guard.resolve('172.20.5.5', 9000)).resolves.toHaveLength(1);
    await expect(guard.resolve('172.21.0.1', 9000)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(guard.resolve('::1', 5432)).resolves.toHaveLength(1);
    await expect(guard.resolve('::ffff:127.0.0.1', 2525)).rejects.toBeInstanceOf(OutboundRefused); // an IPv4 entry is not its IPv6 form
    await expect(guard.resolve('127.0.0.1', 2525)).resolves.toHaveLength(1);
    await expect(guard.resolve('mail.local', 2525)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(guard.resolve('127.0.0.1', 25)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(guard.resolve('minio.campus.edu', 9000)).resolves.toEqual([{ address: '10.8.1.20', family: 4 }]);
    await expect(guard.resolve('minio.campus.edu', 9001)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(guard.resolve('smtp.campus.edu', 587)).resolves.toHaveLength(1);
    await expect(guard.resolve('fd00::7', 25)).resolves.toHaveLength(1);
    await expect(guard.resolve('fd00::8', 25)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('reads OUTBOUND_ALLOW in the configuration, empty by default, and stops on a malformed entry', () => {
    const dir = { DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/outbound-config-test` };
    expect(loadConfig(dir).outboundAllow).toMatchObject({ ranges: [], hosts: [] });
    expect(loadConfig({ ...dir, SEED_DEMO: 'true' }).outboundAllow).toMatchObject({ ranges: [], hosts: [] });
    expect(loadConfig({ ...dir, OUTBOUND_ALLOW: '127.0.0.1/32,minio:9000' }).outboundAllow.hosts).toEqual([{ host: 'minio', port: 9000 }]);
    for (const bad of ['10.0.0.0/33', 'http://minio', 'minio:99999', '300.1.1.1/8', 'a b']) {
      expect(() => loadConfig({ ...dir, OUTBOUND_ALLOW: bad }), bad).toThrow(ConfigError);
    }
  });

  describe('socket lookup', () => {
    let server: net.Server | null = null;
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    it('refuses a name resolving to loopback before connecting, and connects to the checked address when allowed', async () => {
      let connections = 0;
      server = net.createServer((socket) => {
        connections += 1;
        socket.end('220 internal banner\r\n');
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as net.AddressInfo).port;
      const lookup = stubLookup({ 'inside.example.com': ['127.0.0.1'] });
      const connect = (guard: OutboundGuard) => new Promise<string>((resolve, reject) => {
        const socket = net.connect({ host: 'inside.example.com', port, lookup: guard.socketLookup(port) });
        let text = '';
        socket.on('data', (chunk) => (text += String(chunk)));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const refused = await connect(new OutboundGuard(undefined, lookup)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OutboundRefused);
      expect(outboundProblem(refused)).toBe('notAllowed');
      expect(connections).toBe(0);
      await expect(connect(new OutboundGuard(parseAllowList(`127.0.0.1:${port}`), lookup))).resolves.toContain('220');
      expect(connections).toBe(1);
    });
  });

  it('names what went wrong without the far side\'s words', () => {
    expect(outboundProblem(Object.assign(new Error('connect ECONNREFUSED 1.2.3.4:25'), { code: 'ECONNREFUSED' }))).toBe('refused');
    expect(outboundProblem(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe('refused');
    expect(outboundProblem(Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' }))).toBe('unknownHost');
    expect(outboundProblem(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toBe('timeout');
    expect(outboundProblem(Object.assign(new Error('Invalid login: 535 5.7.8 Error: authentication failed'), { code: 'EAUTH', responseCode: 535 })))
      .toBe('credentials');
    expect(outboundProblem(Object.assign(new Error('554 banner of an internal service'), { code: 'EENVELOPE', responseCode: 554 }))).toBe('rejected');
    expect(outboundProblem(new Error('Unexpected socket close'))).toBe('cannotConnect');
    expect(outboundProblem(Object.assign(new Error('Connection closed'), { code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:1' }))).toBe('refused');
  });

  it('describes a failure in general words, with a reply\'s number but never its text', () => {
    const logged: Record<string, unknown>[] = [];
    const guard = new OutboundGuard(undefined, undefined, { warn: (detail) => logged.push(detail) });
    const bounce = Object.assign(new Error('Invalid greeting. response=554 SECRET-BANNER ready'), { code: 'EPROTOCOL', responseCode: 554 });
    expect(guard.describe(bounce, 'mx.example.com')).toEqual({
      zh: '对方服务拒绝了请求（mx.example.com，应答码 554）', en: 'The service at mx.example.com refused the request (reply code 554)',
    });
    expect(guard.describe(new OutboundRefused('localhost', '127.0.0.1'), 'localhost').en).toContain('Address not allowed');
    expect(logged[0]).toMatchObject({ host: 'mx.example.com', problem: 'rejected', err: bounce });
  });
});
