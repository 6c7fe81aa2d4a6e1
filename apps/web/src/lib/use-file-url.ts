import { isStoredFileLink } from '@alumni/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../stores/session-store';
import { SIGNED_URL_FRESH_MS, signedFileUrl } from './file-links';

const queryOf = (link: string, userId: string) => ({
  queryKey: ['file-url', userId, link],
  queryFn: () => signedFileUrl(link),
  staleTime: SIGNED_URL_FRESH_MS,
  refetchInterval: SIGNED_URL_FRESH_MS,
  enabled: isStoredFileLink(link),
});

/**
 * The address an `<img>` or a download link can show a stored file from: stored links carry no
 * token (they outlive it) and images cannot send the token header, so the API signs a short-lived
 * address for the signed-in user. Undefined until it is signed; other addresses come back as they are.
 */
export function useFileUrl(link: string | null | undefined): string | undefined {
  const userId = useSessionStore((s) => s.user?.userId ?? '');
  const query = useQuery(queryOf(link ?? '', userId));
  if (!link) return undefined;
  return isStoredFileLink(link) ? query.data : link;
}

/** `useFileUrl` for a list of links (a page of photos): the signed address of each, by its link. */
export function useFileUrls(links: readonly string[]): Readonly<Record<string, string | undefined>> {
  const userId = useSessionStore((s) => s.user?.userId ?? '');
  const results = useQueries({ queries: links.map((link) => queryOf(link, userId)) });
  const urls: Record<string, string | undefined> = {};
  links.forEach((link, i) => { urls[link] = isStoredFileLink(link) ? results[i]?.data : link; });
  return urls;
}
