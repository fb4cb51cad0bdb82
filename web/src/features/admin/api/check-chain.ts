import type { queuedChainCheckSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { adminKeys } from './admin-keys';
import type { AdminDocumentDetail } from './get-admin-document';

export type QueuedChainCheck = Wire<typeof queuedChainCheckSchema>;

/** POST /api/v1/admin/documents/deal/:documentId/chain-check (202): queues a check. */
export function checkChain(dealId: string): Promise<QueuedChainCheck> {
  return apiFetch<QueuedChainCheck>(
    `/api/v1/admin/documents/deal/${encodeURIComponent(dealId)}/chain-check`,
    { method: 'POST' },
  );
}

/** Queues a check and shows it on the page at once; the page then polls until it is done. */
export function useCheckChain(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkChain(dealId),
    onSuccess: (chainCheck) => {
      queryClient.setQueryData<AdminDocumentDetail>(adminKeys.document('deal', dealId), (detail) =>
        detail ? { ...detail, chainCheck } : detail,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.document('deal', dealId) });
    },
  });
}
