/**
 * The transport of the app's HTTP client: one call over XMLHttpRequest, which (unlike fetch)
 * reports the progress of an upload. What the calls mean (headers, envelope, toasts) is `http.ts`'s.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;
export type ResponseType = 'json' | 'text' | 'blob';

export interface UploadProgress {
  loaded: number;
  /** Absent when the browser cannot tell the body's size. */
  total?: number;
}

export interface RequestConfig {
  method?: Method;
  /** The path under the base URL, or an absolute URL. */
  url?: string;
  params?: QueryParams;
  headers?: Record<string, string>;
  data?: unknown;
  /** `json` (the default) parses a text answer that is JSON and keeps any other text as it came. */
  responseType?: ResponseType;
  /** Milliseconds; 0 waits without end. */
  timeout?: number;
  onUploadProgress?: (event: UploadProgress) => void;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Names in lower case. */
  headers: Record<string, string>;
  config: RequestConfig;
}

export interface TransportDefaults {
  baseURL: string;
  timeout: number;
  /** Statuses that answer the call; any other is a transport failure. */
  acceptsStatus: (status: number) => boolean;
}

/** A call that got no usable answer: the network failed, the time ran out, or the status is not one the client reads. */
export class TransportError extends Error {
  constructor(
    readonly reason: 'network' | 'timeout' | 'status',
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** Query characters kept readable, as the client always sent them: `:` `$` `,`, and `+` for a space. */
const encodeQuery = (value: string): string =>
  encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');

/** `a=1&b=x+y`; undefined and null values are left out. */
export function serializeParams(params: QueryParams = {}): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, value]) => `${encodeQuery(key)}=${encodeQuery(String(value))}`)
    .join('&');
}

/** The URL a call goes to: the path under the base (an absolute URL stays), any fragment dropped, the query appended. */
export function buildUrl(baseURL: string, url: string, params?: QueryParams): string {
  const full = /^([a-z][a-z\d+.-]*:)?\/\//i.test(url) ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = serializeParams(params);
  const withoutHash = full.split('#')[0] as string;
  if (!query) return withoutHash;
  return `${withoutHash}${withoutHash.includes('?') ? '&' : '?'}${query}`;
}

/** `getAllResponseHeaders()` as an object with lower-case names; repeated headers joined with `, `. */
export function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

export const hasHeader = (headers: Readonly<Record<string, string>>, name: string): boolean =>
  Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/** The headers with `name` set to `value`, replacing the same name in any letter case. */
export function withHeader(headers: Readonly<Record<string, string>>, name: string, value: string): Record<string, string> {
  const kept = Object.entries(headers).filter(([key]) => key.toLowerCase() !== name.toLowerCase());
  return { ...Object.fromEntries(kept), [name]: value };
}

type Body = XMLHttpRequestBodyInit | null;

/**
 * A body as it goes on the wire. Form data, files, bytes and text go as they are, the browser
 * naming their type (a multipart boundary only it knows); anything else goes as JSON. No body, no type.
 */
export function encodeBody(data: unknown): { body: Body; contentType?: string } {
  if (data === undefined || data === null) return { body: null };
  if (typeof data === 'string' || data instanceof FormData || data instanceof Blob
    || data instanceof URLSearchParams || data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    return { body: data as Body };
  }
  return { body: JSON.stringify(data), contentType: 'application/json' };
}

/** A text answer read as JSON when it is JSON; otherwise (empty, an HTML page) the text itself. */
export function parseJsonText(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends one call; resolves with any status `defaults.acceptsStatus` takes, rejects with a TransportError otherwise. */
export function sendRequest<T>(config: RequestConfig, defaults: TransportDefaults): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    const method = (config.method ?? 'get').toUpperCase();
    const timeout = config.timeout ?? defaults.timeout;
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(defaults.baseURL, config.url ?? '', config.params), true);
    xhr.timeout = timeout;
    const responseType = config.responseType ?? 'json';
    xhr.responseType = responseType === 'blob' ? 'blob' : 'text';

    // A GET carries its values in the query; the browser would drop a body anyway.
    const { body, contentType } = method === 'GET' ? { body: null } : encodeBody(config.data);
    const headers = config.headers ?? {};
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (contentType && !hasHeader(headers, 'Content-Type')) xhr.setRequestHeader('Content-Type', contentType);

    const onUploadProgress = config.onUploadProgress;
    if (onUploadProgress && body !== null) {
      xhr.upload.onprogress = (e) => onUploadProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    }
    xhr.onload = () => {
      if (!defaults.acceptsStatus(xhr.status)) {
        reject(new TransportError('status', `Request failed with status code ${xhr.status}`, xhr.status));
        return;
      }
      const data = responseType === 'blob' ? xhr.response as unknown
        : responseType === 'text' ? xhr.responseText : parseJsonText(xhr.responseText);
      resolve({ data: data as T, status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()), config });
    };
    xhr.onerror = () => reject(new TransportError('network', 'Network Error'));
    xhr.ontimeout = () => reject(new TransportError('timeout', `timeout of ${timeout}ms exceeded`));
    xhr.send(body);
  });
}
