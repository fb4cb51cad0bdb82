import type { QueryClient } from '@tanstack/react-query';
import { dealDetailQueryKey } from '../../documents';
import type { DealDetail, DealSectionChange } from '../types';
import { redlinesQueryKey } from './get-redline';
import { dealEventsQueryKey } from './list-events';
import { versionsQueryKey } from './list-versions';

/*
 * A section action or event changes one section and a few figures of the deal, so the cached
 * deal is patched with the section's answer instead of fetched whole again.
 *
 * Answers can come back in another order than their requests went out (two quick events for a
 * section, an action's answer beside the event it caused, the whole deal being fetched
 * meanwhile). Each request that can fill in a section takes a ticket as it starts (`takeTicket`),
 * and a section's answer is put in only when no answer to a later request has filled that
 * section in already: an older answer never lands on a newer one. Every change on the server
 * ends in an event and a fresh request, so the last answer put in is the newest state.
 */

let lastTicket = 0;

type DealOrder = {
  /** The ticket of the newest fetch of the whole deal that has begun. */
  detailStarted: number;
  /** The ticket of the newest fetch of the whole deal that has answered. */
  detailAnswered: number;
  /** Per section, the ticket of the answer that last filled it in. */
  sections: Map<string, number>;
};

const orders = new Map<string, DealOrder>();

function orderOf(dealId: string): DealOrder {
  let order = orders.get(dealId);
  if (!order) {
    order = { detailStarted: 0, detailAnswered: 0, sections: new Map() };
    orders.set(dealId, order);
  }
  return order;
}

/** A place in line for a request about to start; later requests get higher tickets. */
export function takeTicket(): number {
  lastTicket += 1;
  return lastTicket;
}

/** Fetches the whole deal in line with the section answers (the detail query's `queryFn`). */
export async function fetchDealInOrder(
  dealId: string,
  fetchDeal: () => Promise<DealDetail>,
): Promise<DealDetail> {
  const ticket = takeTicket();
  const order = orderOf(dealId);
  order.detailStarted = Math.max(order.detailStarted, ticket);
  const detail = await fetchDeal();
  order.detailAnswered = Math.max(order.detailAnswered, ticket);
  return detail;
}

/** Refetches the deal itself (not the rest under its key). */
export function invalidateDealDetail(queryClient: QueryClient, dealId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: dealDetailQueryKey(dealId) });
}

/**
 * Puts a section's change into the cached deal: the section replaces the one with its id, the
 * deal's figures are merged in, and the caller's sections in `unlockedSectionIds` lose their
 * lock. `ticket` is the one its request took as it started (by default: newer than any).
 *
 * Refetches the deal instead when there is nothing safe to patch: no deal cached, no such
 * section (added or removed meanwhile), or the deal already marked stale or being fetched by a
 * request older than this one. Returns whether the change was put in.
 */
export function applySectionChange(
  queryClient: QueryClient,
  dealId: string,
  change: DealSectionChange,
  ticket: number = takeTicket(),
): boolean {
  const order = orderOf(dealId);
  const isNewer = (sectionId: string) =>
    ticket > Math.max(order.detailAnswered, order.sections.get(sectionId) ?? 0);
  const sectionId = change.section.id;
  if (!isNewer(sectionId)) return false;

  const key = dealDetailQueryKey(dealId);
  const state = queryClient.getQueryState<DealDetail>(key);
  const detail = state?.data;
  if (state?.fetchStatus === 'fetching' && ticket < order.detailStarted) {
    // The deal being fetched was asked for after this answer's request: it carries as much.
    return false;
  }
  if (
    !detail ||
    state.isInvalidated ||
    state.fetchStatus === 'fetching' ||
    !detail.sections.some((section) => section.id === sectionId)
  ) {
    void invalidateDealDetail(queryClient, dealId);
    return false;
  }

  order.sections.set(sectionId, ticket);
  const unlocked = new Set(change.unlockedSectionIds.filter(isNewer));
  for (const id of unlocked) order.sections.set(id, ticket);
  queryClient.setQueryData<DealDetail>(key, {
    ...detail,
    ...change.deal,
    sections: detail.sections.map((section) => {
      if (section.id === sectionId) return change.section;
      if (unlocked.has(section.id)) return { ...section, lockedBy: null, isLockedByMe: false };
      return section;
    }),
  });
  return true;
}

/**
 * Refetches what a section's new version, agreement or reopening adds beside the section
 * itself: the activity feed, and the section's versions and redlines (only those on screen
 * are fetched at once; the rest when next shown).
 */
export function invalidateSectionHistory(
  queryClient: QueryClient,
  dealId: string,
  sectionId: string,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dealEventsQueryKey(dealId) }),
    queryClient.invalidateQueries({ queryKey: versionsQueryKey(dealId, sectionId) }),
    queryClient.invalidateQueries({ queryKey: redlinesQueryKey(dealId, sectionId) }),
  ]);
}
