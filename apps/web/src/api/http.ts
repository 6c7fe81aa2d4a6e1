import type { R } from '@alumni/domain';
import { appConfig } from '../config';
import i18n from '../i18n';
import { toast } from '../lib/feedback';
import { useSessionStore } from '../stores/session-store';
import { ApiError } from './api-error';
import { basicAuthorization } from './client-auth';
import { logoutLocally } from './logout-local';
import { storedSessionMoved } from './shared-session';
import { doneProgress, startProgress } from './progress';
import { NEEDS_REGISTRATION, pendingRegistrationOf } from './social-register';
import { useRegisterStore } from '../stores/register-store';
import {
  hasHeader, sendRequest, TransportError, withHeader,
  type HttpResponse, type QueryParams, type RequestConfig, type TransportDefaults,
} from './xhr';

export type { HttpResponse, QueryParams, RequestConfig };

const defaults: TransportDefaults = {
  baseURL: '/api',
  timeout: appConfig.requestTimeoutMs,
  // Failures arrive with HTTP 400-500 mirroring the envelope code; the body decides.
  acceptsStatus: (status) => status >= 200 && status <= 500,
};

interface Body {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/** The headers every call carries; the caller's config and headers are copied, never changed. */
function onRequest(config: RequestConfig): RequestConfig {
  let headers = withHeader(config.headers ?? {}, 'Authorization', basicAuthorization);
  const token = useSessionStore.getState().token;
  if (token && !hasHeader(headers, appConfig.tokenHeader)) headers = withHeader(headers, appConfig.tokenHeader, `bearer ${token}`);
  // The chosen language, always: without it the server would answer in the browser's language.
  headers = withHeader(headers, 'Accept-Language', i18n.language === 'en' ? 'en' : 'zh-CN');
  return { ...config, headers };
}

type BodyCrypto = typeof import('./body-crypto');
let bodyCrypto: Promise<BodyCrypto> | null = null;
/** The crypto routes' module (with the entity definitions), loaded with the first signed-in call. */
const loadBodyCrypto = (): Promise<BodyCrypto> => (bodyCrypto ??= import('./body-crypto'));

/** The header by which a client that cannot decrypt asks for plain answers (PROTOCOL 9). */
const PLAIN_ANSWER_HEADER = 'Blade-Crypto';

/** The path of a call under /api, without its query. */
function apiPathOf(config: { url?: string }): string {
  const url = (config.url ?? '').split('?')[0] as string;
  return url.startsWith('/api/') ? url.slice('/api'.length) : url;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The crypto routes (PROTOCOL 9): their bodies go encrypted as `text/plain`, and their answers are
 * read as text to be decrypted. Every such route needs a signed-in caller, so calls without a token
 * (the sign-in page's) pass untouched. Without a usable key (no WebCrypto outside a secure context,
 * no key in the page under the dev server) bodies go as plain JSON and the answers are asked plain.
 */
async function onCryptoRequest(config: RequestConfig): Promise<RequestConfig> {
  if (!useSessionStore.getState().token) return config;
  const crypto = await loadBodyCrypto();
  const path = apiPathOf(config);
  const encryptsBody = crypto.sendsEncryptedBody(path);
  const encryptedAnswer = crypto.answersEncrypted(path);
  if (!encryptsBody && !encryptedAnswer) return config;
  const key = appConfig.apiCryptoKey;
  if (!crypto.canEncrypt(key)) {
    return encryptedAnswer ? { ...config, headers: withHeader(config.headers ?? {}, PLAIN_ANSWER_HEADER, 'plain') } : config;
  }
  // An encrypted answer arrives as Base64 text: read as text, never guessed at as JSON.
  const answered = encryptedAnswer ? { ...config, responseType: 'text' as const } : config;
  if (!encryptsBody || !isPlainObject(config.data)) return answered;
  try {
    const data = await crypto.encryptText(JSON.stringify(config.data), key);
    return { ...answered, data, headers: withHeader(config.headers ?? {}, 'Content-Type', 'text/plain;charset=UTF-8') };
  } catch {
    // The body goes as plain JSON, which the server accepts too.
    return answered;
  }
}

/**
 * The answer of a crypto route read as text: an encrypted one (`text/plain`) decrypted and parsed,
 * a plain one (a failure's envelope) parsed. An answer that does not decrypt reads as a failure.
 */
async function readCryptoAnswer(res: HttpResponse<string>): Promise<HttpResponse> {
  const text = res.data;
  const type = String(res.headers['content-type'] ?? '');
  let data: unknown = {};
  try {
    if (type.startsWith('text/plain')) {
      const crypto = await loadBodyCrypto();
      data = JSON.parse(await crypto.decryptText(text, appConfig.apiCryptoKey ?? '')) as unknown;
    } else {
      data = text === '' ? {} : JSON.parse(text) as unknown;
    }
  } catch {
    data = { code: res.status === 200 ? 500 : res.status, msg: i18n.t('http.unknownError') };
  }
  return { ...res, data };
}

function onResponse(res: HttpResponse): HttpResponse | Promise<HttpResponse> {
  // Only a crypto route's call asks for text (onCryptoRequest), having loaded the module.
  if (res.config.responseType === 'text' && typeof res.data === 'string') {
    return readCryptoAnswer(res as HttpResponse<string>).then(onResponse);
  }
  // A refused download (an export over the limit) answers the envelope, read here as a file.
  if (res.data instanceof Blob && res.status !== 200) {
    return res.data.text().then((text) => {
      let body: unknown = {};
      try { body = JSON.parse(text); } catch { /* not an envelope: the status decides */ }
      return onResponse({ ...res, data: body });
    });
  }
  doneProgress();
  const body: Body = typeof res.data === 'object' && res.data !== null ? (res.data as Body) : {};
  // OAuth answers are not wrapped: a failure carries error/error_description instead of a code.
  if (typeof body.error_description === 'string') {
    toast.error(body.error_description);
    return Promise.reject(new ApiError(res.status, body.error_description, body));
  }
  const code = typeof body.code === 'number' ? body.code : res.status;
  if (code === 200) return res;
  const message = typeof body.msg === 'string' && body.msg ? body.msg : i18n.t('http.unknownError');
  if (appConfig.silentCodes.includes(code)) return Promise.reject(new ApiError(code, message, body.data));
  const pending = code === NEEDS_REGISTRATION ? pendingRegistrationOf(body as Record<string, unknown>) : null;
  if (pending) {
    // A social sign-in without a local account: the register dialog takes over, no error toast.
    useRegisterStore.getState().require(pending);
    return Promise.reject(new ApiError(code, message, body.data));
  }
  if (code === 401) {
    logoutLocally();
    return Promise.reject(new ApiError(code, message, body.data));
  }
  toast.error(message);
  return Promise.reject(new ApiError(code, message, body.data ?? null));
}

/** A call that got no answer to read (or failed before it left) is shown by its cause. */
function onTransportError(error: unknown): Promise<never> {
  doneProgress();
  const message = error instanceof TransportError ? i18n.t(`http.${error.reason}`, { status: error.status })
    : error instanceof Error ? error.message : i18n.t('http.unknownError');
  toast.error(message);
  return Promise.reject(error instanceof Error ? error : new Error(message));
}

/** The token endpoint: its refusals concern the refresh token it was given, not the access token. */
const TOKEN_PATH = '/blade-auth/oauth/token';

/**
 * One call through the protocol: headers and crypto on the way out, the envelope on the way back.
 * A call refused (401) for an access token another tab has since replaced goes once more with the
 * stored one before the refusal signs this tab out.
 */
async function call<T>(config: RequestConfig, again = false): Promise<HttpResponse<T>> {
  startProgress();
  const sentToken = useSessionStore.getState().token;
  let res: HttpResponse;
  try {
    res = await sendRequest(await onCryptoRequest(onRequest(config)), defaults);
  } catch (error) {
    return onTransportError(error);
  }
  if (res.status === 401 && !again && sentToken && apiPathOf(config) !== TOKEN_PATH && (await storedSessionMoved(sentToken))) {
    doneProgress();
    return call<T>(config, true);
  }
  return onResponse(res) as Promise<HttpResponse<T>> | HttpResponse<T>;
}

type CallConfig = Omit<RequestConfig, 'method' | 'url' | 'data'>;

/** The one HTTP client of the app; `call` implements the wire protocol. */
export const http = {
  request: <T = unknown>(config: RequestConfig): Promise<HttpResponse<T>> => call<T>(config),
  get: <T = unknown>(url: string, config?: CallConfig): Promise<HttpResponse<T>> => call<T>({ ...config, method: 'get', url }),
  delete: <T = unknown>(url: string, config?: CallConfig): Promise<HttpResponse<T>> => call<T>({ ...config, method: 'delete', url }),
  post: <T = unknown>(url: string, data?: unknown, config?: CallConfig): Promise<HttpResponse<T>> => call<T>({ ...config, method: 'post', url, data }),
  put: <T = unknown>(url: string, data?: unknown, config?: CallConfig): Promise<HttpResponse<T>> => call<T>({ ...config, method: 'put', url, data }),
};

type Params = Record<string, string | number | undefined>;

/** GET of an enveloped answer; resolves with its `data`. */
export const getData = <T>(url: string, params?: Params): Promise<T> =>
  http.get<R<T>>(url, { params }).then((r) => r.data.data);

/** POST of an enveloped answer; resolves with its `data`. No body (undefined) sends no content type. */
export const postData = <T>(url: string, body?: unknown, params?: Params): Promise<T> =>
  http.post<R<T>>(url, body, { params }).then((r) => r.data.data);

/**
 * Downloads a file answer (an export) under the name the server gives it; a refusal shows its
 * message like any other call's.
 */
export async function downloadFile(url: string, params?: Params): Promise<void> {
  const res = await http.get<Blob>(url, { params, responseType: 'blob', timeout: 0 });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? 'export.xlsx');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(res.data);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
