import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchiveRoot } from '../types';
import { archiveApi, archiveKeys, nextPage, pageQuery } from './archive-keys';

/** GET /api/v1/archive: the root folders (paged), the Inbox's counts, whether folders can be made. */
export function getArchiveRoot(page: number): Promise<ArchiveRoot> {
  return apiFetch<ArchiveRoot>(archiveApi(pageQuery(page)));
}

export const archiveRootQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: archiveKeys.root(),
    queryFn: ({ pageParam }) => getArchiveRoot(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export function useArchiveRoot() {
  return useInfiniteQuery({
    ...archiveRootQueryOptions(),
    // Signed deals on their way into the Inbox: its count changes without any action here.
    refetchInterval: (query) =>
      (query.state.data?.pages[0]?.inbox.filing ?? 0) > 0 ? FILING_POLL_MS : false,
  });
}

/** How often a listing with filings or a permission change under way is fetched again. */
export const FILING_POLL_MS = 2_000;
