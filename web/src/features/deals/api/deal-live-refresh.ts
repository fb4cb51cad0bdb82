import type { LiveEvent } from '@pactum/core/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { registerLiveRefresh } from '../../../app/live';
import { attachmentsQueryKey } from '../../attachments';
import { invitesQueryKey } from '../../invites';
import { signingQueryKey } from '../../signing';
import {
  applySectionChange,
  invalidateDealDetail,
  invalidateSectionHistory,
  takeTicket,
} from './deal-cache';
import { myInviteQueryKey } from './get-my-invite';
import { getSection } from './get-section';
import { dealEventsQueryKey } from './list-events';

/*
 * What an event on `deal:<id>` changed, so that a watching browser refetches that alone rather
 * than the ~7 queries under `['deal', id]`. An event this does not know, or one without the
 * section it names, is left to the default: everything under the deal's key.
 */

/** Asks for one section again and puts it into the cached deal, in order (see deal-cache.ts). */
function refreshSection(queryClient: QueryClient, dealId: string, sectionId: string): void {
  const ticket = takeTicket();
  getSection(dealId, sectionId).then(
    (change) => applySectionChange(queryClient, dealId, change, ticket),
    // A 404: the section (or the caller's access) is gone; anything else: the deal will tell.
    () => invalidateDealDetail(queryClient, dealId),
  );
}

/** The section an event names, if it names one. */
function sectionIdOf(event: LiveEvent): string | undefined {
  const sectionId = event.data?.sectionId;
  return typeof sectionId === 'string' && sectionId !== '' ? sectionId : undefined;
}

/**
 * Refetches what one event on `deal:<dealId>` changed; false when it does not know the event,
 * for the caller to refetch everything under the deal's key.
 */
export function refreshDealOnEvent(
  queryClient: QueryClient,
  dealId: string,
  event: LiveEvent,
): boolean {
  const invalidate = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey });
  const sectionId = sectionIdOf(event);
  switch (event.type) {
    case 'section.locked': {
      if (!sectionId) return false;
      const unlocked = event.data?.unlockedSectionIds;
      if (Array.isArray(unlocked) && unlocked.length > 0) {
        // Other sections were let go of too: for this viewer their rights can change, which
        // only the whole deal says. It carries the locked section as well.
        void invalidateDealDetail(queryClient, dealId);
      } else {
        refreshSection(queryClient, dealId, sectionId);
      }
      return true;
    }
    case 'section.changed':
      if (!sectionId) return false;
      refreshSection(queryClient, dealId, sectionId);
      void invalidateSectionHistory(queryClient, dealId, sectionId);
      // Fetched only while the signing view is on screen.
      invalidate(signingQueryKey(dealId));
      return true;
    case 'sections.changed':
      // Added or removed: the others can be numbered anew.
      void invalidateDealDetail(queryClient, dealId);
      invalidate(dealEventsQueryKey(dealId));
      invalidate(signingQueryKey(dealId));
      return true;
    case 'invites.changed':
      invalidate(invitesQueryKey(dealId));
      invalidate(myInviteQueryKey(dealId));
      invalidate(dealEventsQueryKey(dealId));
      return true;
    case 'attachments.changed':
      invalidate(attachmentsQueryKey('deals', dealId));
      return true;
    default:
      return false;
  }
}

/**
 * While mounted, events on `deal:<id>` topics refetch only what they changed
 * (`refreshDealOnEvent`); without it every event refetches everything under the deal's key.
 */
export function useDealLiveRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      registerLiveRefresh('deal', (dealId, event) =>
        refreshDealOnEvent(queryClient, dealId, event),
      ),
    [queryClient],
  );
}
