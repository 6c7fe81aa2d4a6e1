import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { KvStore } from '../store/kv-store.js';

/** What an access or refresh token carries. */
export interface TokenClaims {
  typ: 'access' | 'refresh';
  jti: string;
  /** The refresh token issued with an access token, so signing out revokes both. */
  rti?: string;
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
  exp?: number;
}

export type Identity = Omit<TokenClaims, 'typ' | 'jti' | 'rti' | 'exp'>;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessJti: string;
  expiresIn: number;
}

/** Signed tokens (HS256) with revocation by token id in the shared store. */
export class TokenService {
  private readonly sign: (payload: object, options?: { expiresIn?: number }) => string;
  private readonly verify: (token: string) => TokenClaims;

  constructor(secret: string, private readonly store: KvStore) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256' }) as unknown as typeof this.sign;
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10000 }) as unknown as typeof this.verify;
  }

  issue(identity: Identity, accessSeconds: number, refreshSeconds: number): IssuedTokens {
    const accessJti = randomUUID();
    const refreshJti = randomUUID();
    const refreshToken = this.sign({ ...identity, typ: 'refresh', jti: refreshJti }, { expiresIn: refreshSeconds * 1000 });
    const accessToken = this.sign({ ...identity, typ: 'access', jti: accessJti, rti: refreshJti }, { expiresIn: accessSeconds * 1000 });
    return { accessToken, refreshToken, accessJti, expiresIn: accessSeconds };
  }

  /** The claims of a valid, unrevoked token of the given type, or null. */
  async check(token: string, typ: TokenClaims['typ']): Promise<TokenClaims | null> {
    let claims: TokenClaims;
    try {
      claims = this.verify(token);
    } catch {
      return null;
    }
    if (claims.typ !== typ) return null;
    if (await this.store.get(`revoked:${claims.jti}`)) return null;
    return claims;
  }

  /** Revokes a token id until its expiry. */
  async revoke(jti: string, expSeconds: number | undefined): Promise<void> {
    const ttl = Math.max(1, (expSeconds ?? Math.floor(Date.now() / 1000) + 3600) - Math.floor(Date.now() / 1000));
    await this.store.set(`revoked:${jti}`, '1', ttl);
  }
}
