import type { Party } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealQueryKey } from '../../documents';
import type { ReceiverDetailsAnswer } from '../types';

/**
 * POST /api/v1/deals/:dealId/receiver-details: the receiver confirms their own party's details
 * (the deal is then receiverValidated; the user's empty company name and vat are filled in).
 */
export function validateReceiver(dealId: string, party: Party): Promise<ReceiverDetailsAnswer> {
  return apiFetch<ReceiverDetailsAnswer>(
    `/api/v1/deals/${encodeURIComponent(dealId)}/receiver-details`,
    {
      method: 'POST',
      body: { party },
    },
  );
}

export function useValidateReceiver(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (party: Party) => validateReceiver(dealId, party),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dealQueryKey(dealId) });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
