import type { PendingRegistration } from '../stores/register-store';

/** The answer code of a social sign-in whose person has no local account yet. */
export const NEEDS_REGISTRATION = 999;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The oauth id and account a code-999 answer carries, flat or under `data` (both forms are met);
 * null when it names no id, which makes it an ordinary failure.
 */
export function pendingRegistrationOf(body: Record<string, unknown>): PendingRegistration | null {
  const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
  const pick = (...names: string[]) => names.map((n) => text(data[n]) || text(body[n])).find(Boolean) ?? '';
  const oauthId = pick('oauthId', 'oauth_id', 'id');
  if (!oauthId) return null;
  return { oauthId, account: pick('account', 'username'), name: pick('name', 'realName', 'real_name', 'nick_name') };
}
