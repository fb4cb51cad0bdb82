import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { FeedItem } from '../types';
import { DASHBOARD_STALE_TIME, dashboardQueryKey } from './dashboard-keys';

/** GET /api/v1/dashboard/changes: 'Latest changes by others', newest first. */
export async function listChanges(): Promise<FeedItem[]> {
  const answer = await apiFetch<{ items: FeedItem[] }>('/api/v1/dashboard/changes');
  return answer.items;
}

export const changesQueryOptions = queryOptions({
  queryKey: [...dashboardQueryKey, 'changes'],
  queryFn: listChanges,
  staleTime: DASHBOARD_STALE_TIME,
});

export function useChanges() {
  return useQuery(changesQueryOptions);
}
