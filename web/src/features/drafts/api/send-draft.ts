import type { DealProcess } from '@pactum/core/documents';
import { type DraftQueue, draftMessages } from '@pactum/core/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { draftQueryKey } from './get-draft';
import { draftsQueryKey } from './list-drafts';

export type SendDraftRequest = {
  workspaceId: string;
  dealProcess: DealProcess;
  batchName?: string;
  isConfirmed: true;
};

/** The spec's text when the send answer carries no queue (2 §7.1). */
export const INVALID_SEND_RESPONSE = draftMessages.en.invalidQueueResponse;

/**
 * POST /api/v1/drafts/:id/send: queues the draft for sending (charges the credits, makes one
 * deal per receiver in a job). Answers the queue record; an answer without one is an error.
 */
export async function sendDraft(draftId: string, request: SendDraftRequest): Promise<DraftQueue> {
  const answer = await apiFetch<{ que?: DraftQueue } | undefined>(
    `/api/v1/drafts/${encodeURIComponent(draftId)}/send`,
    { method: 'POST', body: request },
  );
  if (!answer?.que?.id) throw new Error(INVALID_SEND_RESPONSE);
  return answer.que;
}

export function useSendDraft(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendDraftRequest) => sendDraft(draftId, request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: draftQueryKey(draftId) });
      void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
    },
  });
}
