import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealDetailQueryKey } from '../../documents';
import type { DealDetail } from '../types';
import { fetchDealInOrder } from './deal-cache';

/** GET /api/v1/deals/:id: the deal as the caller's party sees it (404 without access). */
export function getDeal(dealId: string): Promise<DealDetail> {
  return apiFetch<DealDetail>(dealApiPath(dealId));
}

export const dealQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: dealDetailQueryKey(dealId),
    // In line with the section answers patched into it, so that neither undoes a newer other.
    queryFn: () => fetchDealInOrder(dealId, () => getDeal(dealId)),
    retry: false,
  });

export function useDeal(dealId: string) {
  return useQuery(dealQueryOptions(dealId));
}
