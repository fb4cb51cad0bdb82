import type { draftListSchema } from '@pactum/core/api/drafts';
import type { Wire } from '@pactum/core/api/wire';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** One page of the draft list, with the number of all the user's drafts. */
export type DraftList = Wire<typeof draftListSchema>;
/** A row of the draft list. */
export type DraftRow = DraftList['drafts'][number];

/** The key prefix of every draft list page; draft changes refetch them all. */
export const draftsQueryKey = ['drafts'] as const;

/** GET /api/v1/drafts?page=&pageSize=: one page of the user's unsent drafts, newest first. */
export function listDrafts(page: number, pageSize: number): Promise<DraftList> {
  return apiFetch<DraftList>(`/api/v1/drafts?page=${page}&pageSize=${pageSize}`);
}

export const draftsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...draftsQueryKey, { page, pageSize }],
    queryFn: () => listDrafts(page, pageSize),
  });

/** A page of the draft list; the previous page stays on screen while the next one loads. */
export function useDrafts(page: number, pageSize: number) {
  return useQuery({ ...draftsQueryOptions(page, pageSize), placeholderData: keepPreviousData });
}
