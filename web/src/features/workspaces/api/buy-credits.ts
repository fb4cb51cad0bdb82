import type { BuyCredits } from '@pactum/core/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { PaymentState } from '../types';
import { workspaceQueryKey } from './get-workspace';
import { workspacesQueryKey } from './list-workspaces';

/**
 * POST /api/v1/workspaces/:id/credits: buys credits by card (administrators of a verified
 * card workspace). Answers `succeeded` with the new balance, or `requires_action` with the
 * bank's 3-D Secure page; a refused card is a 402 `payment_failed` with the processor's text.
 */
export function buyCredits(workspaceId: string, body: BuyCredits): Promise<PaymentState> {
  return apiFetch<PaymentState>(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/credits`, {
    method: 'POST',
    body,
  });
}

export function useBuyCredits(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyCredits) => buyCredits(workspaceId, body),
    onSuccess: (payment) => {
      if (payment.status !== 'succeeded') return;
      void queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}
