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
}

/** The origin of a request, as the audit trail records it. */
export const callOrigin = (req: { ip?: string; id?: unknown }): CallOrigin => ({ ip: req.ip ?? null, requestId: req.id === undefined ? null : String(req.id) });

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
