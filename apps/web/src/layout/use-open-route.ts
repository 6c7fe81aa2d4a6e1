import { useNavigate } from 'react-router';

/**
 * Navigates to a route; a `target` query parameter opens the page in a new window instead
 * (the parameter itself is not passed on).
 */
export function useOpenRoute(): (to: string) => void {
  const navigate = useNavigate();
  return (to) => {
    const url = new URL(to, window.location.origin);
    if (url.searchParams.has('target')) {
      url.searchParams.delete('target');
      window.open(`${url.pathname}${url.search}`, '_blank');
      return;
    }
    void navigate(`${url.pathname}${url.search}`);
  };
}
