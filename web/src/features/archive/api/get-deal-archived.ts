import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../app/http';
import type { DealArchived } from '../types';
import { archiveKeys } from './archive-keys';

/**
 * GET /api/v1/deals/:dealId/archived: the caller's party's archived copy of a signed deal, or
 * null while it is not filed yet (404).
 */
export async function getDealArchived(dealId: string): Promise<DealArchived | null> {
  try {
    return await apiFetch<DealArchived>(`/api/v1/deals/${encodeURIComponent(dealId)}/archived`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const dealArchivedQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: archiveKeys.dealArchived(dealId),
    queryFn: () => getDealArchived(dealId),
    retry: false,
    staleTime: 60_000,
  });

export function useDealArchived(dealId: string, isEnabled = true) {
  return useQuery({ ...dealArchivedQueryOptions(dealId), enabled: isEnabled });
}
