import type { CreateDealSection } from '@pactum/core/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath } from '../../documents';
import type { DealSectionChange } from '../types';
import { invalidateDealDetail } from './deal-cache';
import { dealEventsQueryKey } from './list-events';

/** POST /api/v1/deals/:id/sections: adds a section (the adding party's proposal). */
export function createSection(dealId: string, body: CreateDealSection): Promise<DealSectionChange> {
  return apiFetch<DealSectionChange>(`${dealApiPath(dealId)}/sections`, { method: 'POST', body });
}

/**
 * Adds a section, then refetches the deal rather than patching the answer in: the sections
 * after the new one can be numbered anew. The activity feed gets an entry too.
 */
export function useCreateSection(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDealSection) => createSection(dealId, body),
    onSuccess: () =>
      Promise.all([
        invalidateDealDetail(queryClient, dealId),
        queryClient.invalidateQueries({ queryKey: dealEventsQueryKey(dealId) }),
      ]),
  });
}
