import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { SectionDocument } from '../types';
import { documentWriteKey, refetchDocument, sectionPath } from './section-cache';

/** DELETE …/sections/:sectionId (not the parties or signers section). */
export function deleteSection(document: SectionDocument, sectionId: string) {
  return apiFetch<void>(sectionPath(document, sectionId), { method: 'DELETE' });
}

export function useDeleteSection(document: SectionDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentWriteKey(document),
    mutationFn: (sectionId: string) => deleteSection(document, sectionId),
    onSettled: () => {
      void refetchDocument(queryClient, document);
    },
  });
}
