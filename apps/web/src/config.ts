/** Prefix of every entry the client keeps in local or session storage. */
const KEY_PREFIX = 'saber-';

/** The settings an installation (or a browser test) may override at run time, without a rebuild. */
interface Overrides {
  tokenTime?: number;
  switchMode?: boolean;
}

/**
 * Run-time overrides, read once at start from `localStorage['saber-config']` (JSON). Only the
 * listed keys with the right types count; anything else is ignored.
 */
function readOverrides(): Overrides {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(`${KEY_PREFIX}config`) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return {};
    const { tokenTime, switchMode } = raw as Record<string, unknown>;
    return {
      ...(typeof tokenTime === 'number' && tokenTime > 0 ? { tokenTime } : {}),
      ...(typeof switchMode === 'boolean' ? { switchMode } : {}),
    };
  } catch {
    return {};
  }
}

const overrides = readOverrides();

/** BladeX's token header, used unless the server names another. */
const DEFAULT_TOKEN_HEADER = 'Blade-Auth';

/**
 * The request header carrying the token: the server names it in the index page's
 * `<meta name="token-header">` (its setting TOKEN_HEADER).
 */
function readTokenHeader(): string {
  const named = globalThis.document?.querySelector<HTMLMetaElement>('meta[name="token-header"]')?.content ?? '';
  return /^[A-Za-z][A-Za-z0-9-]{0,63}$/.test(named) ? named : DEFAULT_TOKEN_HEADER;
}

/**
 * The key of the encrypted-body routes (PROTOCOL 9): the server names it in the index page's
 * `<meta name="api-crypto-key">` (its setting API_CRYPTO_KEY). Null when absent (the Vite dev
 * server's page): those routes then travel as plain JSON.
 */
function readApiCryptoKey(): string | null {
  const named = globalThis.document?.querySelector<HTMLMetaElement>('meta[name="api-crypto-key"]')?.content ?? '';
  return /^[0-9A-Za-z]{16}$|^[0-9A-Za-z]{32}$/.test(named) ? named : null;
}

/** Settings of the web client (product specification section 9). */
export const appConfig = {
  keyPrefix: KEY_PREFIX,
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tokenHeader: readTokenHeader(),
  apiCryptoKey: readApiCryptoKey(),
  defaultTenantId: '000000',
  tenantMode: true,
  captchaMode: true,
  /** Department/role switch: sends Dept-Id / Role-Id and offers the switch dialog. */
  switchMode: overrides.switchMode ?? false,
  /** Age in seconds at which the stored token is refreshed. */
  tokenTime: overrides.tokenTime ?? 3000,
  tokenCheckIntervalMs: 10_000,
  requestTimeoutMs: 1_000_000,
  chunkTimeoutMs: 120_000,
  defaultTheme: 'theme-default',
  defaultColor: '#409EFF',
  homePath: '/wel/index',
  loginPath: '/login',
  lockPath: '/lock',
  /** The only page of a user whose password was reset, until it is changed. */
  forcedPasswordPath: '/change-password',
  /** False: the home tab is pinned (it cannot be closed while other tabs are open). */
  isFirstPage: false,
  /** Envelope codes that reject without a toast. */
  silentCodes: [] as readonly number[],
  pageSizes: [10, 30, 50, 100, 200] as const,
  defaultPageSize: 10,
  dictDialogWidth: 880,
  logBadgeMax: 99,
  /** Window widths where the screen class steps up (0 below 768 ... 3 from 1200). */
  breakpoints: [768, 992, 1200] as const,
} as const;

export const storageKey = (name: string): string => `${appConfig.keyPrefix}${name}`;
