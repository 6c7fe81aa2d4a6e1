import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { KvStore } from '../store/kv-store.js';

/** What an access or refresh token carries. */
export interface TokenClaims {
  typ: 'access' | 'refresh';
  jti: string;
  /** The refresh token issued with an access token, so signing out revokes both. */
  rti?: string;
  /** When that refresh token expires (seconds), so its revocation lasts as long as it could live. */
  rex?: number;
  /** The user's session stamp when the token was issued (`SessionGuard`): a token of an older stamp is refused. */
  sst: string;
  /**
   * The session (sign-in) the token belongs to, a row of `app_online_session` kept through its
   * refreshes: the token is refused once the row is gone (sign-out, forced sign-out; decision 287).
   */
  sid: string;
  client_id: string;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  /** Role aliases, comma-joined. */
  role_alias: string;
  /** Issued to a user whose password was reset: only the password change and sign-out answer it (decision 237). */
  mcp?: boolean;
  iat: number;
  exp: number;
}

export type Identity = Omit<TokenClaims, 'typ' | 'jti' | 'rti' | 'rex' | 'iat' | 'exp'>;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessJti: string;
  expiresIn: number;
}

/** Whether the claims of a well-signed, unexpired token still describe a live session. */
export type SessionCheck = (claims: TokenClaims) => Promise<boolean>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Signed tokens (HS256) that expire (`exp`, checked on every verification), with revocation by token
 * id in the shared store lasting until the token's own expiry, and a session check on every use.
 */
export class TokenService {
  private readonly sign: (payload: object) => string;
  private readonly verify: (token: string) => TokenClaims;
  private sessionCheck: SessionCheck = async () => true;

  constructor(secret: string, private readonly store: KvStore) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256' }) as unknown as typeof this.sign;
    // The verifier's cache keeps an answer no longer than the token's own `exp`.
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'typ'], cache: 10000 }) as unknown as typeof this.verify;
  }

  /** Sets the check of the user's session that every token must pass (wired once at start-up). */
  checkSessionsWith(check: SessionCheck): void {
    this.sessionCheck = check;
  }

  issue(identity: Identity, accessSeconds: number, refreshSeconds: number): IssuedTokens {
    const iat = nowSeconds();
    const accessJti = randomUUID();
    const refreshJti = randomUUID();
    const refreshExp = iat + refreshSeconds;
    const refreshToken = this.sign({ ...identity, typ: 'refresh', jti: refreshJti, iat, exp: refreshExp });
    const accessToken = this.sign({ ...identity, typ: 'access', jti: accessJti, rti: refreshJti, rex: refreshExp, iat, exp: iat + accessSeconds });
    return { accessToken, refreshToken, accessJti, expiresIn: accessSeconds };
  }

  /** The claims of a valid, unexpired, unrevoked token of the given type whose session still stands, or null. */
  async check(token: string, typ: TokenClaims['typ']): Promise<TokenClaims | null> {
    let claims: TokenClaims;
    try {
      claims = this.verify(token);
    } catch {
      return null;
    }
    if (claims.typ !== typ || typeof claims.exp !== 'number') return null;
    if (await this.store.get(`revoked:${claims.jti}`)) return null;
    if (!(await this.sessionCheck(claims))) return null;
    return claims;
  }

  /**
   * Spends a refresh token: marks its id revoked only if nobody has yet, in one step of the store
   * (memory or Redis), so of any number of racing refreshes of one token exactly one is answered
   * true and may issue a pair.
   */
  async spend(jti: string, expSeconds: number): Promise<boolean> {
    const ttl = expSeconds - nowSeconds() + 1;
    return ttl > 0 && (await this.store.claim(`revoked:${jti}`, '1', ttl));
  }

  /** Revokes a token id for as long as a token carrying it could still be used. */
  async revoke(jti: string, expSeconds: number): Promise<void> {
    const ttl = expSeconds - nowSeconds() + 1;
    if (ttl > 0) await this.store.set(`revoked:${jti}`, '1', ttl);
  }
}
