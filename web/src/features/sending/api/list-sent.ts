import { SENT_PAGE_SIZE } from '@pactum/core/api/sending';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { SentList } from '../types';

/** The key of the sent list (all its pages); sends and deal changes refetch it. */
export const sentQueryKey = ['sent'] as const;

/** GET /api/v1/sent?page=: one page of the user's sent drafts, newest sending first (spec 2 §2.3). */
export function listSent(page: number, pageSize = SENT_PAGE_SIZE): Promise<SentList> {
  return apiFetch<SentList>(`/api/v1/sent?page=${page}&pageSize=${pageSize}`);
}

export const sentQueryOptions = infiniteQueryOptions({
  queryKey: sentQueryKey,
  queryFn: ({ pageParam }) => listSent(pageParam),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
});

/** The sent list's pages so far; 'Load more' fetches the next. */
export function useSent() {
  return useInfiniteQuery(sentQueryOptions);
}
