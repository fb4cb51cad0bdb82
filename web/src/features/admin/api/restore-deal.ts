import type { AdminReasonBody } from '@pactum/core/api/admin';
import type { restoredDealSchema } from '@pactum/core/api/deals';
import type { Wire } from '@pactum/core/api/wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { adminKeys } from './admin-keys';

export type RestoredDeal = Wire<typeof restoredDealSchema>;

/**
 * POST /api/v1/deals/:dealId/restore: a product admin takes a deal out of the trash, back to
 * the state it had before; the reason goes to the event log.
 */
export function restoreDeal(dealId: string, body: AdminReasonBody): Promise<RestoredDeal> {
  return apiFetch<RestoredDeal>(`/api/v1/deals/${encodeURIComponent(dealId)}/restore`, {
    method: 'POST',
    body,
  });
}

export function useRestoreDeal(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminReasonBody) => restoreDeal(dealId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.document('deal', dealId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.documents }),
        queryClient.invalidateQueries({ queryKey: adminKeys.events }),
      ]),
  });
}
