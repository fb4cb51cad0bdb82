import type { AccessRole, DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';
import type { AccessList } from '../types';

export type AddAccessInput = {
  emails?: string[];
  workspaceIds?: string[];
  groupIds?: string[];
  role: AccessRole;
};

/** POST /api/v1/:collection/:documentId/access: shares the document (editors only). */
export function addAccess(
  collection: DocumentCollection,
  documentId: string,
  body: AddAccessInput,
) {
  return apiFetch<AccessList>(`${documentPath(collection, documentId)}/access`, {
    method: 'POST',
    body,
  });
}

export function useAddAccess(collection: DocumentCollection, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAccessInput) => addAccess(collection, documentId, body),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: documentQueryKey(collection, documentId) }),
  });
}
