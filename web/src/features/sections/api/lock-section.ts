import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { Section, SectionDocument } from '../types';
import { putSection, refetchDocument, sectionPath } from './section-cache';

/**
 * POST /api/v1/:collection/:documentId/sections/:sectionId/lock: opens the section in editing
 * for the caller; 409 'Locked by %s' while someone else has it open.
 */
export function lockSection(document: SectionDocument, sectionId: string) {
  return apiFetch<Section>(`${sectionPath(document, sectionId)}/lock`, { method: 'POST' });
}

export function useLockSection(document: SectionDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sectionId: string) => lockSection(document, sectionId),
    onSuccess: (section) => putSection(queryClient, document, section),
    onError: () => refetchDocument(queryClient, document),
  });
}
