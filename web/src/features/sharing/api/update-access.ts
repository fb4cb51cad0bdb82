import type { AccessRole, DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';
import type { AccessList } from '../types';

/** PATCH /api/v1/:collection/:documentId/access/:accessId: changes a member's role. */
export function updateAccess(
  collection: DocumentCollection,
  documentId: string,
  accessId: string,
  role: AccessRole,
) {
  return apiFetch<AccessList>(
    `${documentPath(collection, documentId)}/access/${encodeURIComponent(accessId)}`,
    { method: 'PATCH', body: { role } },
  );
}

export function useUpdateAccess(collection: DocumentCollection, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accessId, role }: { accessId: string; role: AccessRole }) =>
      updateAccess(collection, documentId, accessId, role),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: documentQueryKey(collection, documentId) }),
  });
}
