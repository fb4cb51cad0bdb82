import type { TwoFactorStatus } from '@pactum/core/api/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

export const twoFactorQueryKey = ['account', 'two-factor'] as const;

/** GET /api/v1/account/two-factor: the caller's authenticator app, passkeys and recovery codes. */
export function getTwoFactor(): Promise<TwoFactorStatus> {
  return apiFetch<TwoFactorStatus>('/api/v1/account/two-factor');
}

export const twoFactorQueryOptions = queryOptions({
  queryKey: twoFactorQueryKey,
  queryFn: getTwoFactor,
});

export function useTwoFactor(options: { enabled?: boolean } = {}) {
  return useQuery({ ...twoFactorQueryOptions, enabled: options.enabled ?? true });
}
