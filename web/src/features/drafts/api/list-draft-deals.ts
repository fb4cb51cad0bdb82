import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { DraftDeal, DraftDealList } from '../types';

export const draftDealsQueryKey = (draftId: string) => ['draft', draftId, 'deals'] as const;

/** GET /api/v1/drafts/:id/deals: the deals made of a sent draft, one per receiver. */
export async function listDraftDeals(draftId: string): Promise<DraftDeal[]> {
  const answer = await apiFetch<DraftDealList>(
    `/api/v1/drafts/${encodeURIComponent(draftId)}/deals`,
  );
  return answer.deals;
}

export const draftDealsQueryOptions = (draftId: string) =>
  queryOptions({ queryKey: draftDealsQueryKey(draftId), queryFn: () => listDraftDeals(draftId) });

export function useDraftDeals(draftId: string) {
  return useQuery(draftDealsQueryOptions(draftId));
}
