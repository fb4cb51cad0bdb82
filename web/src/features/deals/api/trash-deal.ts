import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealQueryKey } from '../../documents';
import type { DealDetail } from '../types';

/** POST /api/v1/deals/:id/trash: trashes the deal (sender party with edit access). */
export function trashDeal(dealId: string): Promise<DealDetail> {
  return apiFetch<DealDetail>(`${dealApiPath(dealId)}/trash`, { method: 'POST' });
}

export function useTrashDeal(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => trashDeal(dealId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dealQueryKey(dealId) });
      await queryClient.invalidateQueries({ queryKey: ['deals'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
