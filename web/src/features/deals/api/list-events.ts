import type { DealEvent } from '@pactum/core/deals';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealQueryKey } from './deal-keys';

type EventPage = { events: DealEvent[]; nextCursor: string | null };

/** GET /api/v1/deals/:id/events?cursor=: the activity feed, newest first, 100 a page. */
export function listDealEvents(dealId: string, cursor: string | null): Promise<EventPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiFetch<EventPage>(`${dealApiPath(dealId)}/events${query}`);
}

export const dealEventsQueryOptions = (dealId: string) =>
  infiniteQueryOptions({
    queryKey: [...dealQueryKey(dealId), 'events'],
    queryFn: ({ pageParam }) => listDealEvents(dealId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDealEvents(dealId: string, isEnabled: boolean) {
  return useInfiniteQuery({ ...dealEventsQueryOptions(dealId), enabled: isEnabled });
}
