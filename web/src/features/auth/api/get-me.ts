import type { homeCountsSchema, meSchema } from '@pactum/core/api/account';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../app/http';

/** The signed-in user as GET /api/v1/me (and sign-up, sign-in, PATCH /api/v1/me) answers it. */
export type Me = Wire<typeof meSchema>;
/** The drawer's counters of the user. */
export type HomeCounts = Wire<typeof homeCountsSchema>;

/** The query key of the signed-in user; `null` data means nobody is signed in. */
export const meQueryKey = ['me'] as const;

/** GET /api/v1/me: the signed-in user, or `null` without a session. */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiFetch<Me>('/api/v1/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** The signed-in user (`null` when signed out); refetched by `user:<id>` realtime events. */
export function useMe() {
  return useQuery(meQueryOptions);
}
