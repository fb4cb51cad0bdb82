import type { DocumentCollection } from '@pactum/core/documents';
import type { DocumentTags } from '@pactum/core/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';

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
