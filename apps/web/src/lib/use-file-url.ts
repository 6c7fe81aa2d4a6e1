import { fileUrl } from '@alumni/domain';
import { useSessionStore } from '../stores/session-store';

/**
 * The address an `<img>` can show a stored file from: stored links carry no token (they outlive it),
 * and images cannot send the token header, so the current token rides in the query.
 */
export function useFileUrl(link: string | null | undefined): string | undefined {
  const token = useSessionStore((s) => s.token);
  return link ? fileUrl(link, token) : undefined;
}
