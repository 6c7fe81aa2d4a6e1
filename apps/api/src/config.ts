import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { QueueSettings } from './jobs/queue-settings.js';
import { newFieldKey, type FieldKeyRing } from './db/field-sealing.js';
import { parseAllowList, type OutboundAllowList } from './security/outbound-address.js';

/** Headers the protocol gives another meaning; the token cannot travel in them. */
const RESERVED_HEADERS = new Set([
  'authorization', 'cookie', 'host', 'content-type', 'content-length', 'accept', 'accept-language', 'accept-encoding',
  'tenant-id', 'dept-id', 'role-id', 'captcha-key', 'captcha-code', 'user-type',
]);

/**
 * The one place that reads the environment. Every setting is typed, has a documented default
 * (README "Configuration"), and a malformed value stops the start with a clear message.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SQLITE_READ_THREADS: z.coerce.number().int().min(0).max(16).default(2),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]*$/, 'letters, digits and : . - _ only').default('alumni:'),
  TOKEN_HEADER: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'a header name: letters, digits and -')
    .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), 'names a header the protocol already uses').default('Blade-Auth'),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(60).optional(),
  REFRESH_TOKEN_SECONDS: z.coerce.number().int().min(60).optional(),
  DATA_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 bytes)').optional(),
  FIELD_KEYS: z.string().regex(/^[A-Za-z0-9_-]{1,16}:[0-9a-fA-F]{64}(,[A-Za-z0-9_-]{1,16}:[0-9a-fA-F]{64})*$/,
    'must be comma-joined id:key pairs, each key 64 hexadecimal digits (the first seals)').optional(),
  API_CRYPTO_KEY: z.string().regex(/^[0-9A-Za-z]{16}$|^[0-9A-Za-z]{32}$/, 'must be 16 or 32 letters or digits').optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  DEMO: z.enum(['true', 'false']).optional(),
  NODE_ENV: z.string().optional(),
  TIME_ZONE: z.string().default('Asia/Shanghai'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().optional(),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(30).default(300),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** `off` stops enforcing the address rules (the recovery from a rule that locks administrators out). */
  ADDRESS_RULES: z.enum(['on', 'off']).default('on'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(20 * 1024 * 1024),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SELF_SERVICE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  JOB_RUN: z.enum(['true', 'false']).default('true'),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(2),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
  JOB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a schema name: lower-case letters, digits and _').default('pgboss'),
  UPLOAD_STALL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  IMPORTS_PER_TENANT: z.coerce.number().int().min(1).max(100).default(2),
  UPLOAD_EXTENSIONS: z.string().regex(/^[a-z0-9]{1,10}(,[a-z0-9]{1,10})*$/, 'comma-joined lower-case extensions, e.g. jpg,png,pdf')
    .default('jpg,jpeg,png,gif,webp,bmp,pdf,doc,docx,xls,xlsx,ppt,pptx,txt,csv,zip,rar,7z,mp4,mp3'),
  OUTBOUND_ALLOW: z.string().superRefine((text, ctx) => {
    try {
      parseAllowList(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `comma-joined CIDRs and host[:port]s (${(error as Error).message})` });
    }
  }).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string; readWorkers: number } | { kind: 'postgres'; url: string; poolSize: number };
  redisUrl: string | null;
  /** Prefix of every key this installation writes to Redis. */
  redisKeyPrefix: string;
  tokenSecret: string;
  /** The request header carrying `bearer <access token>` (BladeX's `Blade-Auth` unless configured). */
  tokenHeader: string;
  /** When set, they override the OAuth client's own token lifetimes. */
  accessTokenSeconds: number | null;
  refreshTokenSeconds: number | null;
  apiCryptoKey: string;
  /**
   * The server-only key of personal data: the keyed hashes duplicate detection and exact search
   * read. Every process of an installation must share it; losing it loses those hashes.
   */
  dataKey: string;
  /**
   * The keys ID numbers, phones and e-mails are encrypted with at rest: from `FIELD_KEYS`, or the
   * ring kept in the data folder (`.field-keys`, made on first start). `source` says which, so the
   * rotation command knows whether it may add a key itself.
   */
  fieldKeys: FieldKeyRing & { source: 'env' | 'file' };
  /** Initial administrator password for a fresh PostgreSQL install; generated and printed when absent. */
  adminPassword: string | null;
  /** Seed the demo school; `auto` = on the embedded database only. */
  seedDemo: boolean;
  /**
   * What the installation was declared: `demo` (`DEMO=true`, or `SEED_DEMO=true`), `production`
   * (`DEMO=false`, `SEED_DEMO=false` or `NODE_ENV=production`), or `default` (none of them: the
   * README's first command). The server refuses a production start that listens beyond loopback
   * while a demo account keeps the published password (`security/demo-password-guard.ts`).
   */
  deployment: 'demo' | 'production' | 'default';
  /** The environment the logs record (BladeX's `env`): `NODE_ENV`, else the deployment. */
  environment: string;
  timeZone: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Folder of the built web app served at `/`; null = not served. */
  webDir: string | null;
  captchaTtlSeconds: number;
  lockoutMinutes: number;
  trustProxy: boolean;
  /** Whether the address allow/deny rules are enforced (ADDRESS_RULES; decision 292). */
  addressRules: boolean;
  /** Largest file put-file accepts, in bytes. */
  uploadMaxBytes: number;
  /** File extensions put-file accepts (lower case). */
  uploadExtensions: ReadonlySet<string>;
  /** An upload whose body sends nothing for this long is answered 400 and its temporary file removed. */
  uploadStallSeconds: number;
  /** Excel imports (preview or commit) a tenant may run at once, across every process sharing the key-value store. */
  importsPerTenant: number;
  /** The job queue (`jobs/`, docs/job-queue.md). */
  jobs: QueueSettings;
  /**
   * Internal addresses (loopback, private, link-local…) a tenant-chosen outbound address may reach
   * anyway: a campus's own MinIO or SMTP server (`security/outbound-address.ts`). Empty by default.
   */
  outboundAllow: OutboundAllowList;
  /** Abuse limits (`auth/abuse-limits.ts`), per client address unless named otherwise. */
  rateLimits: {
    /** Any call that carries no token. */
    anonymousPerMinute: number;
    /** Sign-in, token refresh, captcha and the open password change. */
    signInPerMinute: number;
    /** Sign-in and open password change attempts per tenant and account, from any address. */
    accountPerMinute: number;
    registerPerHour: number;
    /** Calls of the alumni's self-service registration page. */
    selfServicePerMinute: number;
  };
}

export class ConfigError extends Error {}

/** A secret kept in the data folder, so restarts keep sessions without configuring one. */
function persistedSecret(dataDir: string, name: string, bytes: number, encoding: 'hex' | 'alnum'): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const raw = randomBytes(bytes);
  const value = encoding === 'hex'
    ? raw.toString('hex')
    : Array.from(raw, (b) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[b % 62]).join('');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** `id:key,id:key`: the first key seals, every key opens. */
function parseFieldKeys(text: string): FieldKeyRing {
  const pairs = text.split(',').map((pair) => pair.split(':') as [string, string]);
  return { current: pairs[0]?.[0] as string, keys: Object.fromEntries(pairs.map(([id, key]) => [id, key.toLowerCase()])) };
}

/** The file of the key ring kept in the data folder when `FIELD_KEYS` is not set. */
export const fieldKeyFile = (dataDir: string): string => path.join(dataDir, '.field-keys');

function persistedFieldKeys(dataDir: string): FieldKeyRing {
  const file = fieldKeyFile(dataDir);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FieldKeyRing;
  const ring: FieldKeyRing = { current: 'k1', keys: { k1: newFieldKey() } };
  writeFileSync(file, JSON.stringify(ring, null, 2), { mode: 0o600 });
  return ring;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(schema.shape);
  const picked = Object.fromEntries(known.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  try {
    new Intl.DateTimeFormat('en', { timeZone: c.TIME_ZONE });
  } catch {
    throw new ConfigError(`Invalid configuration:\n  TIME_ZONE: unknown time zone ${c.TIME_ZONE}`);
  }
  const dataDir = path.resolve(c.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const database: Config['database'] = c.DATABASE_URL
    ? { kind: 'postgres', url: c.DATABASE_URL, poolSize: c.DATABASE_POOL_SIZE }
    : { kind: 'sqlite', file: path.join(dataDir, 'alumni.db'), readWorkers: c.SQLITE_READ_THREADS };
  const deployment: Config['deployment'] = c.DEMO === 'true' || (c.DEMO === undefined && c.SEED_DEMO === 'true') ? 'demo'
    : c.DEMO === 'false' || c.SEED_DEMO === 'false' || c.NODE_ENV === 'production' ? 'production' : 'default';
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    database,
    redisUrl: c.REDIS_URL ?? null,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    tokenSecret: c.TOKEN_SECRET ?? persistedSecret(dataDir, 'token-secret', 48, 'hex'),
    tokenHeader: c.TOKEN_HEADER,
    accessTokenSeconds: c.ACCESS_TOKEN_SECONDS ?? null,
    refreshTokenSeconds: c.REFRESH_TOKEN_SECONDS ?? null,
    apiCryptoKey: c.API_CRYPTO_KEY ?? persistedSecret(dataDir, 'api-crypto-key', 16, 'alnum'),
    fieldKeys: c.FIELD_KEYS ? { ...parseFieldKeys(c.FIELD_KEYS), source: 'env' } : { ...persistedFieldKeys(dataDir), source: 'file' },
    dataKey: (c.DATA_KEY ?? persistedSecret(dataDir, 'data-key', 32, 'hex')).toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD ?? null,
    seedDemo: c.SEED_DEMO === 'auto' ? database.kind === 'sqlite' : c.SEED_DEMO === 'true',
    deployment,
    environment: c.NODE_ENV || deployment,
    timeZone: c.TIME_ZONE,
    logLevel: c.LOG_LEVEL,
    webDir: c.WEB_DIR ? path.resolve(c.WEB_DIR) : null,
    captchaTtlSeconds: c.CAPTCHA_TTL_SECONDS,
    lockoutMinutes: c.LOCKOUT_MINUTES,
    trustProxy: c.TRUST_PROXY === 'true',
    addressRules: c.ADDRESS_RULES === 'on',
    uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    uploadExtensions: new Set(c.UPLOAD_EXTENSIONS.split(',')),
    uploadStallSeconds: c.UPLOAD_STALL_SECONDS,
    importsPerTenant: c.IMPORTS_PER_TENANT,
    outboundAllow: parseAllowList(c.OUTBOUND_ALLOW),
    jobs: {
      runJobs: c.JOB_RUN === 'true',
      leaseSeconds: c.JOB_LEASE_SECONDS,
      pollMs: c.JOB_POLL_MS,
      checkMs: Math.min(2000, c.JOB_POLL_MS * 2),
      retryLimit: c.JOB_RETRY_LIMIT,
      retryDelaySeconds: c.JOB_RETRY_DELAY_SECONDS,
      schema: c.JOB_SCHEMA,
    },
    rateLimits: {
      anonymousPerMinute: c.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
      signInPerMinute: c.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      accountPerMinute: c.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      registerPerHour: c.RATE_LIMIT_REGISTER_PER_HOUR,
      selfServicePerMinute: c.RATE_LIMIT_SELF_SERVICE_PER_MINUTE,
    },
  };
}
