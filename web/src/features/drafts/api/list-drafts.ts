import type { DraftRow } from '@pactum/core/drafts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

export const draftsQueryKey = ['drafts'] as const;

/** GET /api/v1/drafts: the user's unsent drafts, newest first, up to 1000 (spec 2 §2.2). */
export async function listDrafts(): Promise<DraftRow[]> {
  const answer = await apiFetch<{ drafts: DraftRow[] }>('/api/v1/drafts');
  return answer.drafts;
}

export const draftsQueryOptions = queryOptions({ queryKey: draftsQueryKey, queryFn: listDrafts });

export function useDrafts() {
  return useQuery(draftsQueryOptions);
}
