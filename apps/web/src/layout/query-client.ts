import { QueryClient } from '@tanstack/react-query';

/** Server state cache of the signed-in screens. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
