import type { draftDetailSchema } from '@pactum/core/api/drafts';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** A draft with its sections, receivers and send queue, as `GET /drafts/:id` answers it. */
export type DraftDetail = Wire<typeof draftDetailSchema>;

/** The query key of one draft; the realtime topic `draft:<id>` refetches everything under it. */
export const draftQueryKey = (draftId: string) => ['draft', draftId] as const;

/** GET /api/v1/drafts/:id: the draft with its sections, receivers and sending queue. */
export function getDraft(draftId: string): Promise<DraftDetail> {
  return apiFetch<DraftDetail>(`/api/v1/drafts/${encodeURIComponent(draftId)}`);
}

export const draftQueryOptions = (draftId: string) =>
  queryOptions({ queryKey: draftQueryKey(draftId), queryFn: () => getDraft(draftId) });

export function useDraft(draftId: string) {
  return useQuery(draftQueryOptions(draftId));
}
