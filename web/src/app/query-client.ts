import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../features/auth';
import { ApiError, isSessionEnded } from './http';

/** Whether a failed query may succeed when tried again (not for the caller's own errors). */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/**
 * A call answered 'not signed in' (the session expired or was ended elsewhere): forget the
 * user, so that the dashboard's guard sends the browser to sign in and back.
 */
function onError(error: unknown): void {
  if (isSessionEnded(error) && queryClient.getQueryData(meQueryKey)) {
    queryClient.setQueryData(meQueryKey, null);
  }
}

/** The tab's one query cache; realtime events invalidate its keys (see live.ts). */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      // Realtime events refetch what changed, so data need not be refetched on every mount.
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
    },
  },
});
