import type { AccountSessions } from '@pactum/core/api/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

export const accountSessionsQueryKey = ['account', 'sessions'] as const;

/** GET /api/v1/account/sessions: where the account is signed in. */
export const accountSessionsQueryOptions = queryOptions({
  queryKey: accountSessionsQueryKey,
  queryFn: () => apiFetch<AccountSessions>('/api/v1/account/sessions'),
});

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions);
}

/** POST …/sessions/end-others: signs out everywhere but here. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ ended: number }>('/api/v1/account/sessions/end-others', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

/** DELETE …/sessions/:id: signs one other browser out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiFetch<void>(`/api/v1/account/sessions/${encodeURIComponent(sessionId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
