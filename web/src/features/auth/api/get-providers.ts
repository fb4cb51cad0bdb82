import type { authProvidersSchema } from '@pactum/core/api/auth';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** Which single-sign-on buttons to show. */
export type AuthProviders = Wire<typeof authProvidersSchema>;

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
