import type { adminEventPageSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type AdminPageSize, type EventFilters, eventQuery } from '../list-params';
import { adminKeys } from './admin-keys';

/** A page of the event log, and the cursor of the next one (null at the end). */
export type AdminEventPage = Wire<typeof adminEventPageSchema>;
export type AdminEvent = AdminEventPage['items'][number];

/** Lines of the event log per 'Load more'. */
export const EVENTS_PAGE_SIZE: AdminPageSize = 50;

/** GET /api/v1/admin/events: the log, newest first, from `cursor` on. */
export function listAdminEvents(
  filters: EventFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminEventPage> {
  const query = eventQuery(filters, { pageSize: EVENTS_PAGE_SIZE, cursor });
  return apiFetch<AdminEventPage>(`/api/v1/admin/events?${query}`, { signal });
}

export const adminEventsQueryOptions = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.events, filters] as const,
    queryFn: ({ pageParam, signal }) => listAdminEvents(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AdminEventPage) => last.nextCursor ?? undefined,
  });

export function useAdminEvents(filters: EventFilters) {
  return useInfiniteQuery(adminEventsQueryOptions(filters));
}
