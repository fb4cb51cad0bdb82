import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { Section, SectionDocument, SectionValues } from '../types';
import { documentWriteKey, putSection, refetchDocument, sectionPath } from './section-cache';

/**
 * PUT /api/v1/:collection/:documentId/sections/:sectionId: saves the section and closes it
 * (needs the caller's lock). The server sanitises the HTML.
 */
export function saveSection(document: SectionDocument, sectionId: string, body: SectionValues) {
  return apiFetch<Section>(sectionPath(document, sectionId), { method: 'PUT', body });
}

export function useSaveSection(document: SectionDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentWriteKey(document),
    mutationFn: ({ sectionId, values }: { sectionId: string; values: SectionValues }) =>
      saveSection(document, sectionId, values),
    onSuccess: (section) => putSection(queryClient, document, section),
    onSettled: () => {
      void refetchDocument(queryClient, document);
    },
  });
}
