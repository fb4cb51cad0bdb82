import type { documentTagsSchema } from '@pactum/core/api/tags';
import type { Wire } from '@pactum/core/api/wire';
import type { DocumentCollection } from '@pactum/core/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';

/** A document's tags and the tags the caller could add (`GET` and `PUT …/tags` answer it). */
export type DocumentTags = Wire<typeof documentTagsSchema>;

/** Under the document's key, so that its realtime topic refetches the tags too. */
export const tagsQueryKey = (collection: DocumentCollection, documentId: string) =>
  [...documentQueryKey(collection, documentId), 'tags'] as const;

/** GET /api/v1/:collection/:documentId/tags. */
export function getTags(collection: DocumentCollection, documentId: string) {
  return apiFetch<DocumentTags>(`${documentPath(collection, documentId)}/tags`);
}

export function useDocumentTags(
  collection: DocumentCollection,
  documentId: string,
  isEnabled = true,
) {
  return useQuery({
    ...queryOptions({
      queryKey: tagsQueryKey(collection, documentId),
      queryFn: () => getTags(collection, documentId),
    }),
    enabled: isEnabled,
  });
}
