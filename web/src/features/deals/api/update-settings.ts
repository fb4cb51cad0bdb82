import type { DealSettings } from '@pactum/core/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealQueryKey } from '../../documents';
import type { DealDetail } from '../types';

/** PATCH /api/v1/deals/:id: the deal settings (sender party with edit access). */
export function updateDealSettings(dealId: string, body: DealSettings): Promise<DealDetail> {
  return apiFetch<DealDetail>(dealApiPath(dealId), { method: 'PATCH', body });
}

export function useUpdateDealSettings(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealSettings) => updateDealSettings(dealId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealQueryKey(dealId) }),
  });
}
