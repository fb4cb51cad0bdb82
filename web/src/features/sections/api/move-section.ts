import type { MoveDirection } from '@pactum/core/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { MovedSections, SectionDocument } from '../types';
import { documentWriteKey, putSections, refetchDocument, sectionPath } from './section-cache';

/** POST …/sections/:sectionId/move: moves the section; answers the renumbered list. */
export function moveSection(
  document: SectionDocument,
  sectionId: string,
  direction: MoveDirection,
) {
  return apiFetch<MovedSections>(`${sectionPath(document, sectionId)}/move`, {
    method: 'POST',
    body: { direction },
  });
}

export function useMoveSection(document: SectionDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentWriteKey(document),
    mutationFn: ({ sectionId, direction }: { sectionId: string; direction: MoveDirection }) =>
      moveSection(document, sectionId, direction),
    onSuccess: ({ sections }) => putSections(queryClient, document, sections),
    onSettled: () => {
      void refetchDocument(queryClient, document);
    },
  });
}
