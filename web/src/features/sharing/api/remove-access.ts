import type { DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';

/** DELETE /api/v1/:collection/:documentId/access/:accessId: removes a member (not the last). */
export function removeAccess(collection: DocumentCollection, documentId: string, accessId: string) {
  return apiFetch<void>(
    `${documentPath(collection, documentId)}/access/${encodeURIComponent(accessId)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveAccess(collection: DocumentCollection, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessId: string) => removeAccess(collection, documentId, accessId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: documentQueryKey(collection, documentId) }),
  });
}
