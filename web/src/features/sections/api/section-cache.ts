import type { QueryClient } from '@tanstack/react-query';
import { documentQueryKey } from '../../../app/document-key';
import type { Section, SectionDocument } from '../types';

/** The key of every write to a document: the save-status chip counts the ones under way. */
export const documentWriteKey = ({ collection, documentId }: SectionDocument) =>
  [...documentQueryKey(collection, documentId), 'write'] as const;

/** The API path of a document's sections. */
export const sectionsPath = ({ collection, documentId }: SectionDocument) =>
  `/api/v1/${collection}/${encodeURIComponent(documentId)}/sections`;

export const sectionPath = (document: SectionDocument, sectionId: string) =>
  `${sectionsPath(document)}/${encodeURIComponent(sectionId)}`;

type WithSections = { sections: Section[] };

/**
 * Puts a section the server answered with into the document's cached detail (template or
 * draft detail, both carry `sections`), so the page shows it before the refetch.
 */
export function putSection(queryClient: QueryClient, document: SectionDocument, section: Section) {
  queryClient.setQueryData<WithSections>(
    documentQueryKey(document.collection, document.documentId),
    (old) =>
      old && {
        ...old,
        sections: old.sections.some((s) => s.id === section.id)
          ? old.sections.map((s) => (s.id === section.id ? section : s))
          : [...old.sections, section],
      },
  );
}

/** Puts the whole renumbered section list into the document's cached detail. */
export function putSections(
  queryClient: QueryClient,
  document: SectionDocument,
  sections: Section[],
) {
  queryClient.setQueryData<WithSections>(
    documentQueryKey(document.collection, document.documentId),
    (old) => old && { ...old, sections },
  );
}

/** Refetches everything about the document (its detail, share list, tags). */
export function refetchDocument(queryClient: QueryClient, document: SectionDocument) {
  return queryClient.invalidateQueries({
    queryKey: documentQueryKey(document.collection, document.documentId),
  });
}
