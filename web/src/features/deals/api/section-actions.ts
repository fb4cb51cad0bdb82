import type { SaveDealSection } from '@pactum/core/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { DealSection } from '../types';
import { dealQueryKey, dealSectionApiPath } from './deal-keys';

/*
 * The section actions of the negotiation editor, one endpoint each. Every one refetches the
 * deal when it succeeds (the other party's editor hears of it through `deal:<id>`).
 */

/** POST .../sections/:sectionId/lock: opens the section for editing ('Locked by %s' if taken). */
export function lockSection(dealId: string, sectionId: string): Promise<DealSection> {
  return apiFetch<DealSection>(`${dealSectionApiPath(dealId, sectionId)}/lock`, { method: 'POST' });
}

/** DELETE .../sections/:sectionId/lock: closes the editor without saving. */
export function unlockSection(dealId: string, sectionId: string): Promise<DealSection> {
  return apiFetch<DealSection>(`${dealSectionApiPath(dealId, sectionId)}/lock`, {
    method: 'DELETE',
  });
}

/** PUT .../sections/:sectionId: saves an edit as a new version (countered). */
export function saveSection(
  dealId: string,
  sectionId: string,
  body: SaveDealSection,
): Promise<DealSection> {
  return apiFetch<DealSection>(dealSectionApiPath(dealId, sectionId), { method: 'PUT', body });
}

/** POST .../sections/:sectionId/agree: agrees to the version the user sees. */
export function agreeSection(
  dealId: string,
  sectionId: string,
  baseLogLength: number,
): Promise<DealSection> {
  return apiFetch<DealSection>(`${dealSectionApiPath(dealId, sectionId)}/agree`, {
    method: 'POST',
    body: { baseLogLength },
  });
}

/** POST .../sections/:sectionId/reopen: opens an agreed section again for negotiation. */
export function reopenSection(
  dealId: string,
  sectionId: string,
  baseLogLength: number,
): Promise<DealSection> {
  return apiFetch<DealSection>(`${dealSectionApiPath(dealId, sectionId)}/reopen`, {
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

function run(dealId: string, sectionId: string, action: SectionAction): Promise<unknown> {
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
      return deleteSection(dealId, sectionId);
  }
}

/** One mutation for the actions on one section card. */
export function useSectionAction(dealId: string, sectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SectionAction) => run(dealId, sectionId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealQueryKey(dealId) }),
  });
}
