import { parsePaging, validCalendarDate } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';

/** `current` and `size` of a list call (PROTOCOL 4), as the entity lists read them. */
export const paging = (query: Record<string, unknown>): { current: number; size: number } => parsePaging(query);

/** A text parameter, trimmed; absent or empty answers undefined. */
export function textParam(query: Record<string, unknown>, name: string, max = 100): string | undefined {
  const value = query[name];
  if (value === undefined || value === null) return undefined;
  const text = String(Array.isArray(value) ? value[value.length - 1] : value).trim();
  return text ? text.slice(0, max) : undefined;
}

/** A yyyy-MM-dd parameter, or undefined; anything else is a 400. */
export function dateParam(query: Record<string, unknown>, name: string): string | undefined {
  const text = textParam(query, name, 10);
  if (text === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !validCalendarDate(text)) throw badRequest({ zh: `${name} 应为 yyyy-MM-dd 格式的日期`, en: `${name} must be a yyyy-MM-dd date` });
  return text;
}
