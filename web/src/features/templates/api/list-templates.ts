import type { TemplateFilter } from '@pactum/core/templates';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type LibraryQuery, libraryQueryString } from '../library';
import type { TemplateList } from '../types';

/** The key prefix of every library list; any change to templates refetches them all. */
export const templatesQueryKey = ['templates'] as const;
export const templateListQueryKey = (filter: TemplateFilter, query: LibraryQuery) =>
  [...templatesQueryKey, filter, query] as const;

/** GET /api/v1/templates?filter=&page=…: one page of the library's cards. */
export function listTemplates(
  filter: TemplateFilter,
  query: LibraryQuery,
  page: number,
): Promise<TemplateList> {
  return apiFetch<TemplateList>(`/api/v1/templates?${libraryQueryString(filter, query, page)}`);
}

export const templateListQueryOptions = (filter: TemplateFilter, query: LibraryQuery) =>
  infiniteQueryOptions({
    queryKey: templateListQueryKey(filter, query),
    queryFn: ({ pageParam }) => listTemplates(filter, query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

/**
 * The library's pages so far ('Load more' fetches the next). While a new search or filter
 * loads, the previous cards stay on screen.
 */
export function useTemplates(filter: TemplateFilter, query: LibraryQuery) {
  return useInfiniteQuery({
    ...templateListQueryOptions(filter, query),
    placeholderData: keepPreviousData,
  });
}
