import { createHmac } from 'node:crypto';

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it (also `!'()*`; `~` kept). */
export const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The sorted, encoded query of an RPC call (without its signature). */
export const canonicalQuery = (params: Record<string, string>): string =>
  Object.keys(params).sort().map((k) => `${percentEncode(k)}=${percentEncode(params[k] as string)}`).join('&');

/**
 * Alibaba Cloud RPC signature, version 1.0 (HMAC-SHA1): base64 of HMAC-SHA1 keyed with
 * `secret&` over `METHOD&%2F&encode(canonical query)`.
 */
export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}
