import type { Party } from '@pactum/core/documents';
import type { DraftDetail, Receiver } from '@pactum/core/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { draftQueryKey } from './get-draft';

export type ReceiverInput = { id?: string; party: Party; emails: string[] };

/**
 * PUT /api/v1/drafts/:id/receivers: replaces the draft's receivers; the server normalises the
 * e-mails (trimmed, lower-cased, valid only, de-duplicated) and answers the stored list.
 */
export async function saveReceivers(draftId: string, receivers: ReceiverInput[]) {
  const answer = await apiFetch<{ receivers: Receiver[] }>(
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
