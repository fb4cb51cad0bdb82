import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ToSignList } from '../types';
import { DASHBOARD_STALE_TIME, dashboardQueryKey } from './dashboard-keys';

/** GET /api/v1/dashboard/to-sign: the user's signatures still to give, at most 20. */
export function listToSign(): Promise<ToSignList> {
  return apiFetch<ToSignList>('/api/v1/dashboard/to-sign');
}

export const toSignQueryOptions = queryOptions({
  queryKey: [...dashboardQueryKey, 'to-sign'],
  queryFn: listToSign,
  staleTime: DASHBOARD_STALE_TIME,
});

export function useToSign() {
  return useQuery(toSignQueryOptions);
}
