import type { DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';
import type { DocumentTags } from './get-tags';

/** PUT /api/v1/:collection/:documentId/tags: the document's tags become exactly these. */
export function setTags(collection: DocumentCollection, documentId: string, tagIds: string[]) {
  return apiFetch<DocumentTags>(`${documentPath(collection, documentId)}/tags`, {
    method: 'PUT',
    body: { tagIds },
  });
}

export function useSetTags(collection: DocumentCollection, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: string[]) => setTags(collection, documentId, tagIds),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: documentQueryKey(collection, documentId) }),
  });
}
