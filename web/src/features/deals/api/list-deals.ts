import type { DealGroup } from '@pactum/core/deals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { DealList } from '../types';

/** GET /api/v1/deals?group=&page=&pageSize=: one page of the caller's deals of a group. */
export function listDeals(group: DealGroup, page: number, pageSize: number): Promise<DealList> {
  const query = new URLSearchParams({ group, page: String(page), pageSize: String(pageSize) });
  return apiFetch<DealList>(`/api/v1/deals?${query}`);
}

export const dealListQueryOptions = (group: DealGroup, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['deals', group, page, pageSize],
    queryFn: () => listDeals(group, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useDealList(group: DealGroup, page: number, pageSize: number) {
  return useQuery(dealListQueryOptions(group, page, pageSize));
}
