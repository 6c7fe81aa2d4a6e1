import { t, type Page } from '@alumni/domain';
import type { FastifyRequest } from 'fastify';
import { callOrigin, type Caller } from '../core/caller.js';
import { badRequest } from '../core/errors.js';
import type { Alumnus } from './portal-auth.js';

/** The prefix of the portal's calls under `/api`. */
export const PORTAL_BASE = '/blade-portal';

/** What every portal route declares: no staff token, a portal token checked by `requireAlumnus`. */
export const PORTAL_ROUTE = { public: true, portal: true } as const;

export const PORTAL_CONTENT_MSG = {
  badPage: t('分页参数不正确：current 和 size 须为正整数，size 最大 100', 'The paging is not valid: current and size are positive whole numbers, size at most 100'),
  badId: t('编号不正确', 'The id is not valid'),
} as const;

/**
 * The alumnus as the writer and reader of the engine's calls: nobody signed in as staff, the tenant's
 * own rows; the audit trail records the portal and the call's address. Reads made as it are made
 * only after the row is proved to be the alumnus's own.
 */
export function portalCaller(alumnus: Alumnus, req?: FastifyRequest, reader = false): Caller {
  return {
    userId: '0', tenantId: alumnus.tenantId, account: 'portal', userName: `portal:${alumnus.alumnusId}`, realName: alumnus.name,
    roleIds: [], roleAliases: [], deptIds: [], deptId: null, clientId: 'portal', isSuperAdmin: reader, tokenId: '', refreshTokenId: '',
    expiresAt: 0, refreshExpiresAt: 0, lang: alumnus.lang, ...(req ? { origin: callOrigin(req) } : {}),
  };
}

/** `current` and `size` of a portal list (1 and 10 by default), or a 400. */
export function pageParams(query: unknown): { current: number; size: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const read = (value: unknown, fallback: number) => (value === undefined || value === '' ? fallback : Number(value));
  const current = read(q.current, 1);
  const size = read(q.size, 10);
  if (!Number.isInteger(current) || !Number.isInteger(size) || current < 1 || size < 1 || size > 100) throw badRequest(PORTAL_CONTENT_MSG.badPage);
  return { current, size };
}

/** One page of rows already in order. */
export function pageOf<T>(rows: readonly T[], { current, size }: { current: number; size: number }): Page<T> {
  return { records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages: Math.ceil(rows.length / size) };
}

/** A row id from the path, or a 400. */
export function idParam(params: unknown): string {
  const id = String((params as Record<string, unknown> | undefined)?.id ?? '');
  if (!/^\d{1,19}$/.test(id)) throw badRequest(PORTAL_CONTENT_MSG.badId);
  return id;
}
