import type { AuthProviders } from '@pactum/core/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** GET /api/v1/auth/providers: which single-sign-on buttons to show. */
export function getProviders(): Promise<AuthProviders> {
  return apiFetch<AuthProviders>('/api/v1/auth/providers');
}

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: getProviders,
  // Set by the server's configuration: it does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}
