import type { draftQueueSchema } from '@pactum/core/api/drafts';
import type { Wire } from '@pactum/core/api/wire';
import { apiFetch } from '../../../app/http';

/** The progress of a draft's send (draftQue). */
export type DraftQueue = Wire<typeof draftQueueSchema>;

/** GET /api/v1/drafts/:id/queue: the sending job's progress. */
export function getQueue(draftId: string): Promise<DraftQueue> {
  return apiFetch<DraftQueue>(`/api/v1/drafts/${encodeURIComponent(draftId)}/queue`);
}
