import type { sendDraftResponseSchema } from '@pactum/core/api/sending';
import type { Wire } from '@pactum/core/api/wire';
import { draftMessages, type sendDraftSchema } from '@pactum/core/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, LocalError } from '../../../app/http';
import { draftQueryKey } from './get-draft';
import type { DraftQueue } from './get-queue';
import { draftsQueryKey } from './list-drafts';

/** What the send page sends: the route's own request schema. */
export type SendDraftRequest = z.input<typeof sendDraftSchema>;

/** The spec's text when the send answer carries no queue (2 §7.1). */
const invalidSendResponse = () =>
  new LocalError({
    en: draftMessages.en.invalidQueueResponse,
    fi: draftMessages.fi.invalidQueueResponse,
  });

/**
 * POST /api/v1/drafts/:id/send: queues the draft for sending (charges the credits, makes one
 * deal per receiver in a job). Answers the queue record; an answer without one is an error.
 */
export async function sendDraft(draftId: string, request: SendDraftRequest): Promise<DraftQueue> {
  const answer = await apiFetch<Wire<typeof sendDraftResponseSchema> | undefined>(
    `/api/v1/drafts/${encodeURIComponent(draftId)}/send`,
    { method: 'POST', body: request },
  );
  if (!answer?.que?.id) throw invalidSendResponse();
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
      // The sent list (features/sending) shows the draft now.
      void queryClient.invalidateQueries({ queryKey: ['sent'] });
    },
  });
}
