import { isId, MSG } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';

/**
 * A list of ids as clients send it: an array, or comma-joined text. `required` refuses an empty
 * list; any malformed id is a 400.
 */
export function idList(raw: unknown, name: string, required = false): string[] {
  const parts = raw === undefined || raw === null ? []
    : Array.isArray(raw) ? raw.map((v) => String(v).trim())
      : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',').map((s) => s.trim()) : null;
  if (parts === null) throw badRequest(MSG.badFilterValue, { name });
  const list = [...new Set(parts.filter(Boolean))];
  if (list.some((id) => !isId(id)) || list.length > 5000) throw badRequest(MSG.badFilterValue, { name });
  if (required && list.length === 0) throw badRequest(MSG.idsRequired);
  return list;
}

/** A value from the query string or, failing that, the JSON body. */
export function param(query: unknown, body: unknown, name: string): unknown {
  const q = (query ?? {}) as Record<string, unknown>;
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return q[name] ?? b[name];
}
