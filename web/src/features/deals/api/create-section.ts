import type { CreateDealSection } from '@pactum/core/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { DealSection } from '../types';
import { dealApiPath, dealQueryKey } from './deal-keys';

/** POST /api/v1/deals/:id/sections: adds a section (the adding party's proposal). */
export function createSection(dealId: string, body: CreateDealSection): Promise<DealSection> {
  return apiFetch<DealSection>(`${dealApiPath(dealId)}/sections`, { method: 'POST', body });
}

export function useCreateSection(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDealSection) => createSection(dealId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealQueryKey(dealId) }),
  });
}
