import type { SaveDealSection } from '@pactum/core/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealSectionApiPath } from '../../documents';
import type { DealSectionChange } from '../types';
import {
  applySectionChange,
  invalidateDealDetail,
  invalidateSectionHistory,
  takeTicket,
} from './deal-cache';

/*
 * The section actions of the negotiation editor, one endpoint each. Each answers the section as
 * it is now with the deal's figures (`DealSectionChange`), which is put into the cached deal
 * instead of fetching the deal again; the other party's editor hears of it through `deal:<id>`.
 */

/** POST .../sections/:sectionId/lock: opens the section for editing ('Locked by %s' if taken). */
export function lockSection(dealId: string, sectionId: string): Promise<DealSectionChange> {
  return apiFetch<DealSectionChange>(`${dealSectionApiPath(dealId, sectionId)}/lock`, {
    method: 'POST',
  });
}

/** DELETE .../sections/:sectionId/lock: closes the editor without saving. */
export function unlockSection(dealId: string, sectionId: string): Promise<DealSectionChange> {
  return apiFetch<DealSectionChange>(`${dealSectionApiPath(dealId, sectionId)}/lock`, {
    method: 'DELETE',
  });
}

/** PUT .../sections/:sectionId: saves an edit as a new version (countered). */
export function saveSection(
  dealId: string,
  sectionId: string,
  body: SaveDealSection,
): Promise<DealSectionChange> {
  return apiFetch<DealSectionChange>(dealSectionApiPath(dealId, sectionId), {
    method: 'PUT',
    body,
  });
}

/** POST .../sections/:sectionId/agree: agrees to the version the user sees. */
export function agreeSection(
  dealId: string,
  sectionId: string,
  baseLogLength: number,
): Promise<DealSectionChange> {
  return apiFetch<DealSectionChange>(`${dealSectionApiPath(dealId, sectionId)}/agree`, {
    method: 'POST',
    body: { baseLogLength },
  });
}

/** POST .../sections/:sectionId/reopen: opens an agreed section again for negotiation. */
export function reopenSection(
  dealId: string,
  sectionId: string,
  baseLogLength: number,
): Promise<DealSectionChange> {
  return apiFetch<DealSectionChange>(`${dealSectionApiPath(dealId, sectionId)}/reopen`, {
    method: 'POST',
    body: { baseLogLength },
  });
}

/** DELETE .../sections/:sectionId: removes a section that is not agreed. */
export function deleteSection(dealId: string, sectionId: string): Promise<void> {
  return apiFetch<void>(dealSectionApiPath(dealId, sectionId), { method: 'DELETE' });
}

type SectionAction =
  | { kind: 'lock' }
  | { kind: 'unlock' }
  | { kind: 'save'; body: SaveDealSection }
  | { kind: 'agree'; baseLogLength: number }
  | { kind: 'reopen'; baseLogLength: number }
  | { kind: 'delete' };

function run(
  dealId: string,
  sectionId: string,
  action: SectionAction,
): Promise<DealSectionChange | undefined> {
  switch (action.kind) {
    case 'lock':
      return lockSection(dealId, sectionId);
    case 'unlock':
      return unlockSection(dealId, sectionId);
    case 'save':
      return saveSection(dealId, sectionId, action.body);
    case 'agree':
      return agreeSection(dealId, sectionId, action.baseLogLength);
    case 'reopen':
      return reopenSection(dealId, sectionId, action.baseLogLength);
    case 'delete':
      return deleteSection(dealId, sectionId).then(() => undefined);
  }
}

/**
 * One mutation for the actions on one section card. A success puts the answer into the cached
 * deal (a delete refetches the deal: the numbering of the rest can change); one that adds to the
 * section's history also refetches the activity feed and the section's versions and redlines. A
 * refusal refetches the deal, since it usually means the page was behind (a 409).
 */
export function useSectionAction(dealId: string, sectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SectionAction) => run(dealId, sectionId, action),
    // The ticket is taken as the request starts, so that an older answer cannot undo this one.
    onMutate: () => takeTicket(),
    onSuccess: async (change, action, ticket) => {
      if (action.kind !== 'lock' && action.kind !== 'unlock') {
        void invalidateSectionHistory(queryClient, dealId, sectionId);
      }
      if (change) applySectionChange(queryClient, dealId, change, ticket);
      else await invalidateDealDetail(queryClient, dealId);
    },
    onError: () => invalidateDealDetail(queryClient, dealId),
  });
}
