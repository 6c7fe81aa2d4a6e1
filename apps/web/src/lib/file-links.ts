import { isStoredFileLink, RESOURCE_PATHS, type FileLinksResult } from '@alumni/domain';
import { postData } from '../api/http';
import { useSessionStore } from '../stores/session-store';

interface Signed {
  url: string;
  /** When the signed address stops working, epoch ms. */
  until: number;
}

/** A signed address is renewed this long before it expires. */
const MARGIN_MS = 60_000;

/** Signed addresses by user and link: another user signing in on this browser gets their own. */
const cache = new Map<string, Signed>();
const keyOf = (link: string) => `${useSessionStore.getState().user?.userId ?? ''}\u0001${link}`;
let waiting = new Map<string, { resolve: (url: string) => void; reject: (err: unknown) => void }[]>();
let flush: Promise<void> | null = null;

async function signWaiting(): Promise<void> {
  await Promise.resolve(); // every link asked in this turn joins the one call
  const asked = waiting;
  waiting = new Map();
  flush = null;
  try {
    const answer = await postData<FileLinksResult>(RESOURCE_PATHS.fileLinks, { links: [...asked.keys()] });
    const until = Date.now() + answer.expiresIn * 1000;
    for (const [link, callers] of asked) {
      const url = answer.links[link] ?? link;
      cache.set(keyOf(link), { url, until });
      for (const c of callers) c.resolve(url);
    }
  } catch (err) {
    for (const callers of asked.values()) for (const c of callers) c.reject(err);
  }
}

/**
 * The address that shows a stored file without the token header (an `<img src>`, a download link):
 * a short-lived link the API signs for the signed-in user (decision 238), so no token rides in a URL.
 * Links asked in one turn are signed by one call; other links (outside addresses) come back unchanged.
 */
export function signedFileUrl(link: string): Promise<string> {
  if (!isStoredFileLink(link)) return Promise.resolve(link);
  const known = cache.get(keyOf(link));
  if (known && known.until - MARGIN_MS > Date.now()) return Promise.resolve(known.url);
  return new Promise((resolve, reject) => {
    waiting.set(link, [...(waiting.get(link) ?? []), { resolve, reject }]);
    flush ??= signWaiting();
  });
}

/** How long a signed address is used before it is asked again. */
export const SIGNED_URL_FRESH_MS = 4 * 60_000;
