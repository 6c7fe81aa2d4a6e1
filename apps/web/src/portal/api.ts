import { navigate } from './router';
import { session, signedOut } from './session';

/** The portal API's answer envelope (PROTOCOL 3). */
interface Envelope<T> { code: number; success: boolean; data: T; msg: string }

export interface Page<T> { records: T[]; total: number; size: number; current: number; pages: number }

/** A refusal of the API, carrying its message in the caller's language. */
export class ApiError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

const PREFIX = '/api/blade-portal';

function headers(json: boolean): Record<string, string> {
  const { token, lang } = session();
  return {
    'Accept-Language': lang === 'en' ? 'en' : 'zh-CN',
    ...(token ? { 'Portal-Auth': `bearer ${token}` } : {}),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

/** After a 401 the session is over: the sign-in page, coming back here afterwards. */
function sessionEnded(): void {
  signedOut();
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith('/portal/login')) navigate(`/portal/login?next=${encodeURIComponent(here)}`, { replace: true });
}

const offline = () => new ApiError(0, session().lang === 'en' ? 'The server cannot be reached; try again.' : '无法连接服务器，请稍后重试。');

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${PREFIX}${path}`, { method, headers: headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw offline();
  }
  let answer: Envelope<T>;
  try {
    answer = await res.json() as Envelope<T>;
  } catch {
    throw new ApiError(res.status, session().lang === 'en' ? `The server answered ${res.status}.` : `服务器返回 ${res.status}。`);
  }
  if (answer.code === 401) sessionEnded();
  if (answer.code !== 200) throw new ApiError(answer.code, answer.msg, answer.data);
  return answer.data;
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => call<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
};

/** The file name a download answer gives in its Content-Disposition, or the fallback. */
function fileName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a file the API answers to the signed-in alumnus (the token travels in a header, so a
 * plain link cannot carry it): fetched, then saved under the name the server gives.
 */
export async function download(url: string, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url.startsWith('/api/') || /^https?:/.test(url) ? url : `${PREFIX}${url}`, { headers: headers(false), credentials: 'same-origin' });
  } catch {
    throw offline();
  }
  const type = res.headers.get('content-type') ?? '';
  // A refusal comes as the JSON envelope; a JSON file asked for (my data) is the answer itself.
  if (!res.ok || (type.includes('application/json') && !fallbackName.endsWith('.json'))) {
    const answer = await res.json().catch(() => null) as Envelope<unknown> | null;
    if (answer?.code === 401 || res.status === 401) sessionEnded();
    if (answer && answer.code !== 200) throw new ApiError(answer.code, answer.msg);
    throw new ApiError(res.status, session().lang === 'en' ? `The server answered ${res.status}.` : `服务器返回 ${res.status}。`);
  }
  const blob = await res.blob();
  const name = fileName(res.headers.get('content-disposition'), fallbackName);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return name;
}
