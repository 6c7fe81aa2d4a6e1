import { maskPersonalData } from '@alumni/domain';

/** Parameter names whose values never reach a log. */
const SECRET = /password|secret|token|credential|authorization|^(access|secret|api|private)_?key$/i;

/**
 * Query and body as a log keeps them: JSON, secrets replaced, personal data masked
 * (`maskPersonalData`), at most `max` characters.
 */
export function maskedParams(query: unknown, body: unknown, max = 4000): string | null {
  const parts: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length) parts.query = maskPersonalData(mask(query));
  if (body !== undefined && body !== null && body !== '') parts.body = maskPersonalData(mask(body));
  if (Object.keys(parts).length === 0) return null;
  const text = JSON.stringify(parts);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function mask(value: unknown, depth = 0): unknown {
  if (depth > 5) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => mask(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '******' : mask(v, depth + 1)]));
  }
  return value;
}
