import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { SectionDocument } from '../types';
import { refetchDocument, sectionPath } from './section-cache';

/** DELETE /api/v1/:collection/:documentId/sections/:sectionId/lock: closes without saving. */
export function unlockSection(document: SectionDocument, sectionId: string) {
  return apiFetch<void>(`${sectionPath(document, sectionId)}/lock`, { method: 'DELETE' });
}

export function useUnlockSection(document: SectionDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sectionId: string) => unlockSection(document, sectionId),
    onSettled: () => {
      void refetchDocument(queryClient, document);
    },
  });
}
