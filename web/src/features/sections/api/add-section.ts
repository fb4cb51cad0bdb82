import type { AddSectionInput } from '@pactum/core/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { Section, SectionDocument } from '../types';
import { documentWriteKey, putSection, refetchDocument, sectionsPath } from './section-cache';

/** POST /api/v1/:collection/:documentId/sections: a new section after another (editors). */
export function addSection(document: SectionDocument, body: AddSectionInput) {
  return apiFetch<Section>(sectionsPath(document), { method: 'POST', body });
}

export function useAddSection(document: SectionDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentWriteKey(document),
    mutationFn: (body: AddSectionInput) => addSection(document, body),
    onSuccess: (section) => putSection(queryClient, document, section),
    onSettled: () => {
      void refetchDocument(queryClient, document);
    },
  });
}
