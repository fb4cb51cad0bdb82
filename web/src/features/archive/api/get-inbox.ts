import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchiveInbox } from '../types';
import { archiveApi, archiveKeys, nextPage, pageQuery } from './archive-keys';
import { FILING_POLL_MS } from './get-root';

/** GET /api/v1/archive/inbox: the Inbox's files (paged) and the signed deals being filed. */
export function getInbox(page: number): Promise<ArchiveInbox> {
  return apiFetch<ArchiveInbox>(archiveApi(`/inbox${pageQuery(page)}`));
}

export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: archiveKeys.inbox(),
    queryFn: ({ pageParam }) => getInbox(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export function useInbox(isEnabled = true) {
  return useInfiniteQuery({
    ...inboxQueryOptions(),
    enabled: isEnabled,
    // A filing in progress moves on by itself; a failed one waits for the server's retry.
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.filings.some((filing) => filing.state === 'in-progress')
        ? FILING_POLL_MS
        : false,
  });
}
