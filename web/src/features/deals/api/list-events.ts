import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealQueryKey } from '../../documents';
import type { DealEventPage } from '../types';

/** GET /api/v1/deals/:id/events?cursor=: the activity feed, newest first, 100 a page. */
export function listDealEvents(dealId: string, cursor: string | null): Promise<DealEventPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiFetch<DealEventPage>(`${dealApiPath(dealId)}/events${query}`);
}

/** The activity feed: a section saved, agreed, reopened, added or removed adds an entry. */
export const dealEventsQueryKey = (dealId: string) => [...dealQueryKey(dealId), 'events'] as const;

export const dealEventsQueryOptions = (dealId: string) =>
  infiniteQueryOptions({
    queryKey: dealEventsQueryKey(dealId),
    queryFn: ({ pageParam }) => listDealEvents(dealId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDealEvents(dealId: string, isEnabled: boolean) {
  return useInfiniteQuery({ ...dealEventsQueryOptions(dealId), enabled: isEnabled });
}
