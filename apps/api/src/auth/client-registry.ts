import type { Db } from '../db/database.js';
import { OAUTH_MSG, OAuthError } from './oauth-error.js';

export interface OAuthClient {
  clientId: string;
  grantTypes: Set<string>;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

const TTL_MS = 30_000;

/** Checks the `Authorization: Basic base64(id:secret)` header against the OAuth client table. */
export class ClientRegistry {
  private cache = new Map<string, { secret: string; client: OAuthClient; expiresAt: number }>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cache.clear();
  }

  async authenticate(header: string | undefined): Promise<OAuthClient> {
    const match = /^Basic\s+(.+)$/i.exec(header ?? '');
    if (!match?.[1]) throw new OAuthError(401, 'unauthorized_client', OAUTH_MSG.noClient);
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const cut = decoded.indexOf(':');
    if (cut < 1) throw new OAuthError(401, 'unauthorized_client', OAUTH_MSG.noClient);
    const id = decoded.slice(0, cut);
    const secret = decoded.slice(cut + 1);
    const entry = await this.load(id);
    if (!entry || entry.secret !== secret) throw new OAuthError(401, 'invalid_client', OAUTH_MSG.badClient);
    return entry.client;
  }

  private async load(clientId: string) {
    const cached = this.cache.get(clientId);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const row = await this.db.selectFrom('blade_client')
      .select(['client_id', 'client_secret', 'authorized_grant_types', 'access_token_validity', 'refresh_token_validity'])
      .where('client_id', '=', clientId).where('is_deleted', '=', 0).where('status', '=', 1).executeTakeFirst();
    if (!row) return null;
    const entry = {
      secret: String(row.client_secret),
      client: {
        clientId,
        grantTypes: new Set(String(row.authorized_grant_types).split(',').map((s) => s.trim())),
        accessTokenValidity: Number(row.access_token_validity),
        refreshTokenValidity: Number(row.refresh_token_validity),
      },
      expiresAt: Date.now() + TTL_MS,
    };
    this.cache.set(clientId, entry);
    return entry;
  }
}
