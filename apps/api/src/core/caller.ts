import type { Lang } from '@alumni/domain';

/** Who is calling: read from a verified access token. */
export interface Caller {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  realName: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  /** The department rows written by this caller belong to (the chosen one in switch mode). */
  deptId: string | null;
  clientId: string;
  /** The super administrator of the platform tenant: every permission, every tenant's platform rows. */
  isSuperAdmin: boolean;
  tokenId: string;
  /** The session (sign-in) the caller's token belongs to (decision 287); absent for the server's own work. */
  sessionId?: string;
  refreshTokenId: string;
  /** Expiry (seconds) of the access token and of the refresh token issued with it. */
  expiresAt: number;
  refreshExpiresAt: number;
  /** The password was reset by an administrator: until it is changed only the change and sign-out answer (decision 237). */
  mustChangePassword?: boolean;
  /** The language the caller reads answers in (from the request, not the token); Chinese when unset. */
  lang?: Lang;
  /** Where the call came from (from the request, not the token), for the audit trail; absent for the server's own work. */
  origin?: CallOrigin;
}

/** The client address and the request id of a call. */
export interface CallOrigin {
  ip: string | null;
  requestId: string | null;
  /** The call, `GET /api/…` (its route, not the address with its values), for the personal-data access report. */
  route?: string;
  /** The reason the client gave for reading personal data (`Blade-Purpose`, decision 303). */
  purpose?: string;
}

interface OriginRequest {
  ip?: string;
  id?: unknown;
  method?: string;
  routeOptions?: { url?: string };
  headers?: Record<string, string | string[] | undefined>;
}

/** A `Blade-Purpose` header: percent-encoded text (so Chinese travels), at most 200 characters. */
function purposeOf(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    text = raw;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 200);
  return clean === '' ? undefined : clean;
}

/** The origin of a request, as the audit trail and the personal-data access report record it. */
export const callOrigin = (req: OriginRequest): CallOrigin => {
  const route = req.routeOptions?.url && req.method ? `${req.method} ${req.routeOptions.url}` : undefined;
  const purpose = purposeOf(req.headers?.['blade-purpose']);
  return {
    ip: req.ip ?? null, requestId: req.id === undefined ? null : String(req.id),
    ...(route ? { route } : {}), ...(purpose ? { purpose } : {}),
  };
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    lang: Lang;
  }
  interface FastifyContextConfig {
    /** Callable without a token. */
    public?: boolean;
    /** Answers a caller who must change the password first (the change itself, sign-out, the user's own info). */
    beforePasswordChange?: boolean;
  }
}

export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw new Error('route needs a signed-in caller but is public');
  return caller;
}
