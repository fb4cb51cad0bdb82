import type { HomeGroup } from '@pactum/core/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { HomeDocuments } from '../types';
import { DASHBOARD_STALE_TIME, dashboardQueryKey } from './dashboard-keys';

/** GET /api/v1/dashboard/documents?group=: a widget's 5 latest documents and whether more exist. */
export function listHomeDocuments(group: HomeGroup): Promise<HomeDocuments> {
  return apiFetch<HomeDocuments>(`/api/v1/dashboard/documents?${new URLSearchParams({ group })}`);
}

export const homeDocumentsQueryOptions = (group: HomeGroup) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, 'documents', group],
    queryFn: () => listHomeDocuments(group),
    staleTime: DASHBOARD_STALE_TIME,
  });

export function useHomeDocuments(group: HomeGroup) {
  return useQuery(homeDocumentsQueryOptions(group));
}
