import type { draftListSchema } from '@pactum/core/api/drafts';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** A row of the draft list. */
export type DraftRow = Wire<typeof draftListSchema>['drafts'][number];

export const draftsQueryKey = ['drafts'] as const;

/** GET /api/v1/drafts: the user's unsent drafts, newest first, up to 1000 (spec 2 §2.2). */
export async function listDrafts(): Promise<DraftRow[]> {
  const answer = await apiFetch<Wire<typeof draftListSchema>>('/api/v1/drafts');
  return answer.drafts;
}

export const draftsQueryOptions = queryOptions({ queryKey: draftsQueryKey, queryFn: listDrafts });

export function useDrafts() {
  return useQuery(draftsQueryOptions);
}
