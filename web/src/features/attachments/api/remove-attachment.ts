import type { DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { attachmentsQueryKey } from './list-attachments';

/** DELETE /api/v1/attachments/:id: removes an attachment; the rest are renumbered. */
export function removeAttachment(attachmentId: string): Promise<void> {
  return apiFetch(`/api/v1/attachments/${encodeURIComponent(attachmentId)}`, { method: 'DELETE' });
}

export function useRemoveAttachment(collection: DocumentCollection, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => removeAttachment(attachmentId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: attachmentsQueryKey(collection, documentId) }),
  });
}
