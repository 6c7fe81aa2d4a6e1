import { FILTER_OPS, entityPath, routedEntities, type EntityDef } from '@alumni/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { ADMIN_ROLE_ID, ADMIN_USER_ID, ROOT_DEPT_ID } from '../seed/platform-seed.js';
import { overrideOf } from '../test-support/entity-overrides.js';
import { sampleBody } from '../test-support/sample-values.js';
import { multipartFile } from '../test-support/multipart.js';
import { CLIENT_HEADER, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { memoryBombWorkbooks } from '../test-support/xlsx-bomb.js';
import {
  answerOf, entityOfRoute, fillPath, liveIds, routeTable, snapshotDiff, snapshotter, summarize, within, type RouteEntry,
} from './route-table.js';

// Every instance of Fastify records its routes (see route-table.ts): a route added tomorrow is fuzzed the day it lands.
vi.mock('fastify', async (original) => (await import('./route-table.js')).withRouteTable(await original()));

/**
 * A seeded, deterministic fuzz of malformed requests over every route of the route table, as the
 * super administrator (so the deepest code runs): wrong types, hostile paging, SQL metacharacters,
 * NUL bytes, over-long values, deep and malformed JSON, bad multipart, repeated and unknown
 * parameters, odd content types and headers. Asserted: no answer >= 500, no request unanswered
 * within HANG_MS, and no table row count (count and soft deletes of every non-log table) changed
 * by a request that answered >= 400.
 */
const SEED = 20261124;
const MIN_REQUESTS = 5_000;
/** Random visits per route after every kind has been met once (SQLite's run; FUZZ_REPEATS, default 0). */
const REPEATS = Math.max(0, Number(process.env.FUZZ_REPEATS ?? 0) || 0);
/** Each inject races this; a request still unanswered then counts as a hang. */
const HANG_MS = 5_000;

/** mulberry32: a small, fast, seeded PRNG so every run sends the same requests. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Token = 'admin' | 'spare' | 'self' | 'none' | 'junk';

interface FuzzRequest {
  route: RouteEntry;
  kind: string;
  method: string;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  /** A JSON value (serialised by inject) or a raw string/Buffer sent with the given content type. */
  body?: unknown;
  raw?: string | Buffer;
  token: Token;
}

const SQL_META = [
  "'", '"', ';', '--', '%', '_', '%_%', '\\', "\\'", "' OR '1'='1", "1' OR 1=1 --", '1; drop table blade_user; --',
  '" OR ""="', "'; select pg_sleep(3); --", "1) union select * from blade_user --", '%%%%', '_%_', '\\%', "x' || 'y", '/* */', '`id`',
];
const STRANGE = [
  '', ' ', '0', '-1', '1e12', '-1e308', 'NaN', 'Infinity', 'null', 'undefined', 'true', '[]', '{}', '１２３', '😀', '\uD83D',
  '<script>alert(1)</script>', '../../etc/passwd', '000000/../100001/x.png', '9'.repeat(40), '1,2,3', ',,,', '${userId}',
  '__proto__', 'constructor', 'prototype', '\u202Eabc', 'a\tb\nc\r', '0x1F', '1.5', '-0', '  1  ', '2021-02-30', '9999-99-99 99:99:99',
];
const NUL = ['\u0000', 'a\u0000b', '1\u0000', '\u0000\u0000\u0000', 'x\u0001y', '\u001b[31m'];
const PAGING: [string, string][] = [
  ['current', '-1'], ['current', '0'], ['current', '1e12'], ['current', 'abc'], ['current', '1.5'], ['current', '99999999999999999999'],
  ['size', '1e12'], ['size', '-5'], ['size', 'abc'], ['size', '0'], ['size', '1000000'], ['size', '1.5'], ['size', ''], ['size', 'NaN'],
  ['size', '0x10'], ['current', 'Infinity'], ['size', '2147483648'], ['current', '-9223372036854775809'],
  ['ascs', 'id;drop table x'], ['descs', "name' --"], ['ascs', 'noSuchField'], ['descs', 'createTime desc, id'], ['ascs', ',,'], ['descs', 'password'],
];
/** Numbers every parser reads as finite but no 32-bit column holds, and fractions where integers go. */
const ODD_NUMBERS = ['1e12', '2147483648', '-2147483649', '1.5', '9007199254740993', '1e308', '-1e308', '0.1', '-0', '4294967296', '1e-7'];
const FAKE_IDS = ['1', '0', '-1', '1'.repeat(19), '9'.repeat(25), '1.5', '1e3', 'abc', '1,2', '', ' 1', '1 ', '0x10', '１'];
const JSON_ODD: unknown[] = [
  0, -1, 1e308, -1e308, 1.5, 2 ** 53 + 1, true, false, null, [], {}, [1, 2], ['a', 'b'], { a: 1 }, { $gt: '' }, [[[]]], { toString: 'x' },
  'x'.repeat(70_000), { __proto__: { polluted: 1 } }, [null], [{}], '2021-01-01T00:00:00Z',
];
/**
 * Inputs once answered 500 (issue 29): a page number of 30 digits, an id of 40 (PostgreSQL's bigint
 * overflows) and a date the calendar has not. Each is sent to every route besides the random run.
 */
const HUGE_PAGE = '9'.repeat(30);
const HUGE_ID = '9'.repeat(40);
const NO_DATE = '0000-00-00';
const MALFORMED_JSON = [
  '{', '{"a":', 'nul', '[1,2', '{"a":1}}', "{'a':1}", '{"a":undefined}', '{"a":NaN}', '\u0000', '{"a":"\\u0000"}', '[', ']', '"unterminated',
  '{"a":1,}', '0x10', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\ufeff{"a":1}', '{"a":"\\ud800"}', '1e999',
];

describe.each(testDialects())('security/fuzz on %s', (dialect) => {
  let t: TestApp;
  let routes: RouteEntry[];
  const tokens: Record<Token, string | null> = { admin: null, spare: null, self: null, none: null, junk: 'bearer.junk.token' };
  /** Real ids per entity name (the administrator's own rows and the root left out, so the run cannot end its own session). */
  const realIds = new Map<string, string[]>();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    routes = routeTable(t.app);
    tokens.admin = await t.signIn('admin');
    // Calls that end a session run on a token of their own: logout on a second sign-in of the
    // administrator, the password change as a user of its own (a change ends all their tokens).
    tokens.spare = await t.signIn('admin');
    tokens.self = await t.signInWithoutGrants(tokens.admin);
    const { db } = t.app.services.database;
    const platformTenant = await db.selectFrom('blade_tenant').select('id').where('tenant_id', '=', '000000').execute();
    const self = (await t.call('GET', '/api/blade-auth/user-info', tokens.self)).json().data as { id: string; roleId: string };
    const critical = new Set([ADMIN_USER_ID, ADMIN_ROLE_ID, ROOT_DEPT_ID, self.id, self.roleId, ...platformTenant.map((r) => String(r.id))]);
    for (const e of routedEntities()) {
      // Menus are left out too: removing one would take the administrator's rights to it for the rest of the run.
      if (e.table === 'blade_menu') continue;
      realIds.set(e.name, await liveIds(t.app, e.table, critical, 3));
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers malformed requests without 5xx, hangs or writes behind an error', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const rand = prng(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const chance = (p: number) => rand() < p;
    let serial = 0;
    const token = () => `f${(serial++).toString(36)}${Math.floor(rand() * 1e6).toString(36)}`;

    const hostileString = (): string => {
      const r = rand();
      if (r < 0.35) return pick(SQL_META);
      if (r < 0.65) return pick(STRANGE);
      if (r < 0.8) return pick(NUL);
      if (r < 0.9) return `${pick(['a', '测试', "o'brien"])}${pick(SQL_META)}${pick(NUL)}`;
      return 'x'.repeat(pick([256, 4_000, 32_769, 40_000]));
    };
    const hostileJson = (): unknown => (chance(0.5) ? hostileString() : pick(JSON_ODD));
    const idFor = (entity: EntityDef | null, name: string): string => {
      const byName = /^user/i.test(name) ? 'user' : /^role/i.test(name) ? 'role' : /^dept/i.test(name) ? 'dept' : /^post/i.test(name) ? 'post'
        : /^topMenu/i.test(name) ? 'top-menu' : /^package/i.test(name) ? 'tenant-package' : entity?.name ?? '';
      const real = realIds.get(byName) ?? [];
      return chance(0.7) && real.length ? pick(real) : pick(FAKE_IDS);
    };

    const submitOf = (route: RouteEntry): EntityDef | null => {
      const e = entityOfRoute(route.url);
      return e && `/api${entityPath(e, 'submit')}` === route.url ? e : null;
    };

    /**
     * A plausible request to build the malformed one from: required parameters filled (`clean`: no
     * optional ones, so the one mutation is what the server meets first), a valid submit body.
     */
    function base(route: RouteEntry, clean: boolean): FuzzRequest {
      const entity = entityOfRoute(route.url);
      const query: [string, string][] = [];
      for (const name of route.query.names) {
        const required = route.query.required.includes(name);
        if (!required && (clean || !chance(0.15))) continue;
        if (/^(id|ids)$|Ids?$/.test(name)) query.push([name, idFor(entity, name)]);
        else if (name === 'code') query.push([name, pick(['sex', 'notice', 'zz'])]);
        else if (name === 'channel') query.push([name, pick(['sms', 'mail'])]);
        else if (name === 'tenantId') query.push([name, pick(['000000', '100001'])]);
        else if (name === 'name') query.push([name, pick(['000000/upload/x.png', 'x'])]);
        else if (name === 'current' || name === 'size') query.push([name, String(1 + Math.floor(rand() * 20))]);
        else query.push([name, `v${token()}`]);
      }
      let body: unknown;
      const submit = submitOf(route);
      if (submit) body = sampleBody(submit, 1, token(), overrideOf(submit).values?.(1) ?? {});
      else if (route.body) {
        const b: Record<string, unknown> = {};
        for (const name of route.body.names) {
          if (/Ids$/.test(name)) b[name] = [idFor(entity, name)];
          else if (/^(id|userId)$/.test(name)) b[name] = idFor(entity, name);
          else if (name === 'to') b[name] = 'someone@example.com';
          else b[name] = `v${token()}`;
        }
        body = b;
      } else if (route.method === 'POST' && chance(0.3)) body = {};
      const headers: Record<string, string> = {};
      let tok: Token = 'admin';
      if (/\/oauth\/token/.test(route.url)) {
        // Sign-in on accounts that do not exist: a lockout of a real account would be a write of its own.
        if (chance(0.8)) headers.authorization = CLIENT_HEADER;
        query.push(['grant_type', pick(['password', 'refresh_token', 'captcha', 'social', ''])], ['username', `nobody${token()}`], ['password', md5Hex(token())]);
        tok = 'none';
      }
      if (/\/logout$/.test(route.url)) tok = 'spare';
      if (/\/update-password$/.test(route.url) && !route.isPublic) tok = 'self';
      return { route, kind: 'base', method: route.method, path: fillPath(route.url, idFor(entity, 'id')), query, headers, body, token: tok };
    }

    const setQuery = (r: FuzzRequest, name: string, value: string) => {
      r.query = r.query.filter(([n]) => n !== name);
      r.query.push([name, value]);
    };
    const queryNames = (r: FuzzRequest) => [...new Set([...r.route.query.names, ...r.query.map(([n]) => n), 'id', 'ids', 'parentId', 'code', 'tenantId'])];
    const setBodyField = (r: FuzzRequest, value: unknown) => {
      const body = r.body && typeof r.body === 'object' && !Array.isArray(r.body) ? { ...(r.body as Record<string, unknown>) } : {};
      const names = [...Object.keys(body), ...(r.route.body?.names ?? []), ...Object.keys(submitOf(r.route)?.fields ?? {})];
      body[names.length ? pick(names) : 'id'] = value;
      r.body = body;
    };
    const deepJson = (depth: number) => (chance(0.5) ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

    const boundary = '----fuzz7MA4YWxkTrZu0gW';
    const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
    const MULTIPART: { label: string; contentType: string; body: () => string | Buffer }[] = [
      { label: 'no boundary', contentType: 'multipart/form-data', body: () => part('Content-Disposition: form-data; name="file"; filename="a.png"', 'png') + `--${boundary}--\r\n` },
      { label: 'no closing boundary', contentType: `multipart/form-data; boundary=${boundary}`, body: () => part('Content-Disposition: form-data; name="file"; filename="a.png"', 'png data') },
      { label: 'part without filename', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="file"', 'png')}--${boundary}--\r\n` },
      { label: 'empty filename', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="file"; filename=""', 'png')}--${boundary}--\r\n` },
      { label: 'wrong field', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="other"; filename="a.png"', 'png')}--${boundary}--\r\n` },
      { label: 'empty body', contentType: `multipart/form-data; boundary=${boundary}`, body: () => '' },
      { label: 'only closing', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `--${boundary}--\r\n` },
      { label: 'garbage', contentType: `multipart/form-data; boundary=${boundary}`, body: () => Buffer.from(Array.from({ length: 512 }, () => Math.floor(rand() * 256))) },
      { label: 'boundary mismatch', contentType: 'multipart/form-data; boundary=other', body: () => `${part('Content-Disposition: form-data; name="file"; filename="a.png"', 'png')}--${boundary}--\r\n` },
      { label: 'over-long boundary', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: () => `--${'b'.repeat(300)}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\npng\r\n--${'b'.repeat(300)}--\r\n` },
      { label: 'NUL in filename', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="file"; filename="a\u0000.png"', 'png')}--${boundary}--\r\n` },
      { label: 'traversal filename', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="file"; filename="../../../etc/x.png"\r\nContent-Type: image/png', 'png')}--${boundary}--\r\n` },
      { label: 'refused extension', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="file"; filename="run.exe"', 'MZ')}--${boundary}--\r\n` },
      { label: 'two files', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="file"; filename="a.png"', 'a')}${part('Content-Disposition: form-data; name="file"; filename="b.png"', 'b')}--${boundary}--\r\n` },
      { label: 'bad part headers', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n` },
      { label: 'field then no file', contentType: `multipart/form-data; boundary=${boundary}`, body: () => `${part('Content-Disposition: form-data; name="note"', 'hello')}--${boundary}--\r\n` },
    ];

    const KINDS = ['query-types', 'paging', 'sql', 'nul', 'long', 'deep', 'malformed-json', 'repeat', 'unknown', 'body-types', 'content-type', 'headers', 'path', 'filters', 'numbers', 'poison', 'multipart', 'body-types'];
    const UPLOAD_KINDS = [...MULTIPART.map(() => 'multipart'), 'query-types', 'nul', 'repeat', 'content-type', 'headers', 'poison'];
    const multipartSent = new Map<string, number>();
    /** Kinds answered before any SQL: unparseable or over-deep bodies, odd content types, bad multipart, unprintable objects. */
    const BEFORE_SQL = new Set(['deep', 'malformed-json', 'content-type', 'multipart', 'poison']);

    /**
     * One malformed request: a base request with one (sometimes two) mutations. A route's first
     * visits go through every kind in turn (the upload route through every bad multipart form), in
     * their sharpest form, so each class of input reaches each route whatever the seed; later
     * visits pick kinds and values at random.
     */
    function mutate(r: FuzzRequest, visit: number): FuzzRequest {
      const isUpload = r.route.consumes.includes('multipart/form-data');
      const kinds = isUpload ? UPLOAD_KINDS : KINDS;
      const systematic = visit < kinds.length;
      const kind = systematic ? (kinds[visit] as string) : pick(kinds);
      r.kind = kind;
      switch (kind) {
        case 'query-types':
          for (let i = 0; i < 1 + Math.floor(rand() * 3); i++) setQuery(r, pick(queryNames(r)), hostileString());
          break;
        case 'paging':
          for (let i = 0; i < 1 + Math.floor(rand() * 3); i++) setQuery(r, ...pick(PAGING));
          break;
        case 'sql':
          setQuery(r, pick(queryNames(r)), pick(SQL_META));
          if (chance(0.5)) setBodyField(r, pick(SQL_META));
          break;
        case 'nul':
          if (chance(0.5)) setQuery(r, pick(queryNames(r)), pick(NUL));
          else setBodyField(r, pick(NUL));
          break;
        case 'long':
          if (chance(0.4)) setQuery(r, pick(queryNames(r)), 'x'.repeat(pick([32_769, 50_000])));
          else if (chance(0.5)) setBodyField(r, 'y'.repeat(pick([1_000, 100_000, 1_000_000])));
          else r.raw = JSON.stringify({ id: '1', padding: 'z'.repeat(pick([1_900_000, 2_200_000])) });
          break;
        case 'deep':
          r.raw = deepJson(pick([31, 33, 100, 1_000, 10_000]));
          break;
        case 'malformed-json':
          r.raw = pick(MALFORMED_JSON);
          break;
        case 'repeat': {
          const name = pick([...queryNames(r), 'current', 'size']);
          r.query.push([name, '1'], [name, '2']);
          break;
        }
        case 'unknown':
          setQuery(r, pick(['zzz', 'a[b]', 'a.b', '__proto__', 'constructor', 'toString', 'id_like', 'password_equal']), hostileString());
          if (r.body && typeof r.body === 'object') r.body = { ...(r.body as object), zzz: 1, tenantId: '100001', isDeleted: 1, createUser: '1', nested: { a: [1, { b: 2 }] } };
          else r.body = { zzz: 1 };
          break;
        case 'body-types':
          if (chance(0.15)) r.body = pick<unknown>([[], [1, 2], 'string', 42, true, null, [{ id: '1' }]]);
          else for (let i = 0; i < 1 + Math.floor(rand() * 2); i++) setBodyField(r, hostileJson());
          break;
        case 'content-type': {
          const ct = pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/octet-stream', '*/*', 'application/json;;', 'multipart/mixed']);
          r.headers['content-type'] = ct;
          r.raw = ct.includes('urlencoded') ? 'a=1&a=2&id=%00&username=x' : JSON.stringify(r.body ?? { a: 1 });
          break;
        }
        case 'headers':
          Object.assign(r.headers, pick<Record<string, string>>([
            { 'tenant-id': hostileString() }, { 'dept-id': pick(SQL_META) }, { 'role-id': pick(FAKE_IDS) }, { 'accept-language': pick(STRANGE) || 'xx' },
            { 'x-forwarded-for': "1.1.1.1, ' or 1=1" }, { 'captcha-key': pick(SQL_META), 'captcha-code': '1' },
          ]));
          if (chance(0.2)) r.token = 'junk';
          break;
        case 'path':
          r.path = pick([`${r.path}/`, r.path.replace('/api/', '/api//'), `${r.path}%00`, `${r.path}/..`, r.path.replace(/\/([^/]+)$/, '/%2e%2e/$1'), `${r.path};x=1`, r.path.toUpperCase()]);
          break;
        case 'filters': {
          const entity = entityOfRoute(r.route.url);
          const field = entity ? pick(Object.keys(entity.fields)) : 'id';
          setQuery(r, `${field}_${pick(FILTER_OPS)}`, pick([...SQL_META, ...STRANGE, ...FAKE_IDS]));
          break;
        }
        case 'numbers': {
          // Integer fields (and the base field status) with values out of their column's range, in filters and bodies.
          const entity = entityOfRoute(r.route.url);
          const numeric = entity ? Object.entries(entity.fields).filter(([, f]) => f.kind === 'integer' || f.kind === 'flag').map(([n]) => n) : [];
          const name = systematic ? 'status' : pick([...numeric, 'status', 'sort']);
          setQuery(r, `${name}${systematic ? '' : pick(['', '', '_gt', '_lt', '_ge', '_le', '_equal', '_notequal', '_in'])}`, systematic ? '1e12' : pick(ODD_NUMBERS));
          if (r.body && typeof r.body === 'object' && !Array.isArray(r.body) && chance(0.5)) {
            r.body = { ...(r.body as Record<string, unknown>), [name]: Number(pick(ODD_NUMBERS)) };
          }
          break;
        }
        case 'poison': {
          // JSON objects that cannot become a string: {"toString": "x"} breaks String(value) and `${value}`, and an
          // array of them breaks an array's join. Every parameter the route may read from a body gets one.
          const poison = systematic ? [{ toString: 'x' }] : pick<unknown>([{ toString: 'x' }, [{ toString: 'x' }], { valueOf: 'x', toString: 'y' }, [[{ toString: 'x' }]]]);
          const names = [...new Set([...r.route.query.names, ...(r.route.body?.names ?? []), ...r.query.map(([n]) => n), 'id', 'ids', 'userId', 'userIds', 'roleIds', 'account', 'username', 'tenantId', 'phones', 'to'])];
          r.query = r.query.filter(([n]) => !names.includes(n) || chance(0.2));
          r.body = Object.fromEntries(names.map((n) => [n, poison]));
          break;
        }
        case 'multipart': {
          const sentBefore = multipartSent.get(r.route.url) ?? 0;
          multipartSent.set(r.route.url, sentBefore + 1);
          const m = isUpload ? (MULTIPART[sentBefore % MULTIPART.length] as (typeof MULTIPART)[number]) : pick(MULTIPART);
          r.kind = `multipart: ${m.label}`;
          r.headers['content-type'] = m.contentType;
          r.raw = m.body();
          break;
        }
      }
      if (!systematic && chance(0.1) && kind !== 'multipart') return mutate(r, visit);
      return r;
    }

    /** encodeURIComponent, except that a lone surrogate goes out as its raw (WTF-8) bytes, as a hostile client may send it. */
    const encode = (v: string) => v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (c) => {
      const u = c.charCodeAt(0);
      if (c.length === 1 && u >= 0xd800 && u <= 0xdfff) {
        return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(c);
    });
    const urlOf = (r: FuzzRequest) => {
      const qs = r.query.map(([n, v]) => `${encode(n)}=${encode(v)}`).join('&');
      return qs ? `${r.path}?${qs}` : r.path;
    };
    /** The request in one line; each long value shortened on its own so every parameter stays visible. */
    const describeRequest = (r: FuzzRequest) => {
      const short = (v: string) => (v.length > 48 ? `${summarize(v.slice(0, 16))}…(${v.length} chars)` : summarize(v));
      const qs = r.query.map(([n, v]) => `${short(n)}=${short(v)}`).join('&');
      const headers = Object.entries(r.headers).map(([n, v]) => `${n}: ${short(v)}`).join('; ');
      const sent = r.raw ?? (r.method === 'GET' ? undefined : r.body);
      return `[${r.kind}] ${r.method} ${r.path}${qs ? `?${qs}` : ''} as ${r.token}${headers ? ` headers={${headers}}` : ''} body=${summarize(sent, 240)}`;
    };

    async function send(r: FuzzRequest): Promise<LightMyRequestResponse | null> {
      const headers: Record<string, string> = { ...r.headers };
      const bearer = tokens[r.token];
      if (bearer) headers['blade-auth'] = `bearer ${bearer}`;
      const options: InjectOptions = { method: r.method as InjectOptions['method'], url: urlOf(r), headers };
      if (r.raw !== undefined) {
        options.payload = r.raw;
        headers['content-type'] ??= 'application/json';
      } else if (r.body !== undefined && r.method !== 'GET') {
        options.payload = JSON.stringify(r.body);
        headers['content-type'] ??= 'application/json';
      }
      return within(t.app.inject(options), HANG_MS);
    }

    // The send records are a delivery log under another name: every message sent *or refused* is
    // recorded by design (send-records.ts), so a test mail the server cannot deliver answers 400 and adds a row.
    // A job's progress is written by the job as it runs, after the request that queued it answered
    // (a retention run asked for earlier), whichever request is in flight then. So are the engagement
    // scores and their trend, which a recomputation queued by an earlier request (engagement/recompute,
    // answered 200) writes in batches while later requests are fuzzed; a request's own write reaches
    // them only through a counted table, which is watched.
    const snap = await snapshotter(t.app, new Set(['blade_send_record', 'app_job_progress', 'alumni_engagement', 'alumni_engagement_trend']));
    const failures: string[] = [];
    let fiveXx = 0;
    let hangs = 0;
    let writes = 0;
    let sent = 0;
    const statuses = new Map<number, number>();
    const adminAlive = async () => (await t.call('GET', '/api/blade-auth/user-info', tokens.admin)).statusCode === 200;
    // Each route meets every kind once. SQLite's run meets them all and may add FUZZ_REPEATS random
    // visits per route after them (15 was the run's own until the suite outgrew its time: they send the
    // same kinds again with other values, half the run's requests for little it had not met, decision
    // 335); PostgreSQL's meets the kinds that reach SQL: what the others add is decided before any SQL,
    // by the same code (decisions 276 and 297).
    const kindsEach = Math.max(KINDS.length, UPLOAD_KINDS.length);
    const total = dialect === 'sqlite' ? Math.max(MIN_REQUESTS, routes.length * (kindsEach + REPEATS)) : routes.length * kindsEach;
    // A full snapshot is taken again only when something may have been written since the last one.
    let mark = await snap.mark();
    let before = await snap.take();
    const retake = async () => {
      mark = await snap.mark();
      before = await snap.take();
    };
    const started = Date.now();
    /** Sends one request and records what it broke: a hang, a 5xx, a write behind an error. */
    const exercise = async (r: FuzzRequest): Promise<LightMyRequestResponse | null> => {
      const res = await send(r);
      sent++;
      if (!res) {
        hangs++;
        failures.push(`hang (no answer in ${HANG_MS} ms) — ${describeRequest(r)}`);
        await retake();
        return null;
      }
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        fiveXx++;
        failures.push(`${res.statusCode} — ${describeRequest(r)} → ${answerOf(res)}`);
      }
      if ((await snap.mark()) !== mark) {
        const earlier = before;
        await retake();
        const diff = res.statusCode >= 400 ? snapshotDiff(earlier, before) : [];
        if (diff.length) {
          writes++;
          failures.push(`write behind an error (${diff.join(', ')}) — ${describeRequest(r)} → ${answerOf(res)}`);
        }
      }
      return res;
    };
    for (let i = 0; i < total; i++) {
      const route = routes[i % routes.length] as RouteEntry;
      const visit = Math.floor(i / routes.length);
      // PostgreSQL's run leaves out the kinds that the body parser or the route's own code refuses before a
      // statement is built (the same code on both databases, met by SQLite's run): it fuzzes what reaches SQL.
      const kindsOfRoute = route.consumes.includes('multipart/form-data') ? UPLOAD_KINDS : KINDS;
      if (dialect !== 'sqlite' && BEFORE_SQL.has(kindsOfRoute[visit] ?? '')) continue;
      const r = mutate(base(route, visit < KINDS.length), visit);
      const res = await exercise(r);
      if (!res) continue;
      // The run's own session must survive it; a request that ends it is a finding, and the run goes on signed in again.
      if ((res.statusCode === 401 && r.token === 'admin' && !route.isPublic) || i % 500 === 499) {
        if (!(await adminAlive())) {
          failures.push(`the administrator's session ended — after ${describeRequest(r)} → ${answerOf(res)}`);
          tokens.admin = await t.signIn('admin');
          await retake();
        }
      }
    }
    // The inputs of issue 29 on every route, one at a time: a page of 30 digits, every id parameter of
    // 40 digits, every date parameter 0000-00-00; and the memory-bomb workbooks to every import.
    const bombs = await memoryBombWorkbooks(300);
    for (const route of routes) {
      const targeted: [string, (r: FuzzRequest) => void][] = [['huge page', (r) => setQuery(r, 'current', HUGE_PAGE)]];
      for (const name of route.query.names) {
        if (/^(id|ids)$|Ids?$/.test(name)) targeted.push([`huge ${name}`, (r) => setQuery(r, name, HUGE_ID)]);
        if (/date|time|day/i.test(name)) targeted.push([`no date ${name}`, (r) => setQuery(r, name, NO_DATE)]);
      }
      if (route.consumes.includes('multipart/form-data') && /\/import$/.test(route.url)) {
        for (const [label, file] of [['memory bomb', bombs.honest], ['lying memory bomb', bombs.lying]] as const) {
          targeted.push([label, (r) => {
            const { body, headers } = multipartFile('bomb.xlsx', file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
            r.headers['content-type'] = headers['content-type'];
            r.raw = body;
          }]);
        }
      }
      for (const [label, apply] of targeted) {
        const r = base(route, true);
        r.kind = `issue 29: ${label}`;
        apply(r);
        await exercise(r);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statusLine = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`security/fuzz ${dialect}: ${sent.toLocaleString('en-US')} requests over ${routes.length} routes, ${fiveXx} answered 5xx, ${hangs} hangs, ${writes} writes behind an error (${seconds} s; ${statusLine})`);
    expect(failures, `\n${failures.slice(0, 200).join('\n')}${failures.length > 200 ? `\n… and ${failures.length - 200} more` : ''}`).toEqual([]);
  }, 1_800_000);
});
