import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { canSearch, searchParams } from '../search-rules';
import type { SearchRequest, SearchResult } from '../types';

/** Every search lives under `['search']`; one search is its request (words, filters, page size). */
export const searchQueryKey = (request: SearchRequest) => ['search', request] as const;

/** GET /api/v1/search: one page of what the caller may open, best first. */
export function searchDocuments(
  request: SearchRequest,
  page: number,
  signal?: AbortSignal,
): Promise<SearchResult> {
  return apiFetch<SearchResult>(`/api/v1/search?${searchParams(request, page)}`, { signal });
}

export const searchQueryOptions = (request: SearchRequest) =>
  infiniteQueryOptions({
    queryKey: searchQueryKey(request),
    queryFn: ({ pageParam, signal }) => searchDocuments(request, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResult) => (last.hasMore ? last.page + 1 : undefined),
    // Access changes all the time: a search asked again (the drawer reopened) asks the server,
    // but a list being read never reorders under the pointer when the window regains focus.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The pages of a search, loaded only once the request may be sent (`canSearch`). */
export function useSearch(request: SearchRequest) {
  return useInfiniteQuery({ ...searchQueryOptions(request), enabled: canSearch(request) });
}
