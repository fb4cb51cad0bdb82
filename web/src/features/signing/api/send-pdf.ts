import type { sendPdfDraftResultSchema, sendPdfResultSchema } from '@pactum/core/api/signing';
import type { Wire } from '@pactum/core/api/wire';
import type { SendPdfDraft, SendPdfRequest } from '@pactum/core/signing';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

const DRAFT_PATH = '/api/v1/send-pdf/draft';

/** GET /send-pdf/draft: the caller's Send & Sign PDF form as they left it. */
export const sendPdfDraftQuery = queryOptions({
  queryKey: ['send-pdf', 'draft'],
  queryFn: () => apiFetch<Wire<typeof sendPdfDraftResultSchema>>(DRAFT_PATH),
  // Read once when the page opens: afterwards the page is what the draft follows.
  staleTime: Number.POSITIVE_INFINITY,
});

/** PUT /send-pdf/draft: keeps the form; a failed save is left for the next change. */
export function saveSendPdfDraft(draft: SendPdfDraft): Promise<unknown> {
  return apiFetch(DRAFT_PATH, { method: 'PUT', body: draft }).catch(() => undefined);
}

/** POST /send-pdf: the deal is made and in signing at once. */
export function useSendPdf() {
  return useMutation({
    mutationFn: (body: SendPdfRequest) =>
      apiFetch<Wire<typeof sendPdfResultSchema>>('/api/v1/send-pdf', { method: 'POST', body }),
  });
}
