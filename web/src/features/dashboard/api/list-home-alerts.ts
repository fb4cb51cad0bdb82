import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { HomeAlerts } from '../types';
import { DASHBOARD_STALE_TIME, dashboardQueryKey } from './dashboard-keys';

/** GET /api/v1/dashboard/alerts: the soonest pending alerts the user receives. */
export function listHomeAlerts(): Promise<HomeAlerts> {
  return apiFetch<HomeAlerts>('/api/v1/dashboard/alerts');
}

export const homeAlertsQueryOptions = queryOptions({
  queryKey: [...dashboardQueryKey, 'alerts'],
  queryFn: listHomeAlerts,
  staleTime: DASHBOARD_STALE_TIME,
});

export function useHomeAlerts() {
  return useQuery(homeAlertsQueryOptions);
}
