import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** Whether a failed query may succeed when tried again (not for the caller's own errors). */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** The tab's one query cache; realtime events invalidate its keys (see live.ts). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Realtime events refetch what changed, so data need not be refetched on every mount.
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
    },
  },
});
