import type { DraftQueue } from '@pactum/core/drafts';
import { apiFetch } from '../../../app/http';

/** GET /api/v1/drafts/:id/queue: the sending job's progress. */
export function getQueue(draftId: string): Promise<DraftQueue> {
  return apiFetch<DraftQueue>(`/api/v1/drafts/${encodeURIComponent(draftId)}/queue`);
}
