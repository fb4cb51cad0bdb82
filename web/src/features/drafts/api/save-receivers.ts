import type { receiverListSchema } from '@pactum/core/api/drafts';
import type { Wire } from '@pactum/core/api/wire';
import type { receiverInputSchema } from '@pactum/core/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../app/http';
import { type DraftDetail, draftQueryKey } from './get-draft';

/** One receiver as the send page saves it (the route's schema). */
export type ReceiverInput = z.input<typeof receiverInputSchema>;

/**
 * PUT /api/v1/drafts/:id/receivers: replaces the draft's receivers; the server normalises the
 * e-mails (trimmed, lower-cased, valid only, de-duplicated) and answers the stored list.
 */
export async function saveReceivers(draftId: string, receivers: ReceiverInput[]) {
  const answer = await apiFetch<Wire<typeof receiverListSchema>>(
    `/api/v1/drafts/${encodeURIComponent(draftId)}/receivers`,
    { method: 'PUT', body: { receivers } },
  );
  return answer.receivers;
}

export function useSaveReceivers(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receivers: ReceiverInput[]) => saveReceivers(draftId, receivers),
    onSuccess: (receivers) => {
      queryClient.setQueryData<DraftDetail>(draftQueryKey(draftId), (draft) =>
        draft ? { ...draft, receivers } : draft,
      );
    },
  });
}
