import type { DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type AttachmentList, attachmentsQueryKey } from './list-attachments';

/** PATCH /api/v1/attachments/:id: moves an attachment to a position (1-based). */
export function moveAttachment(attachmentId: string, position: number): Promise<AttachmentList> {
  return apiFetch(`/api/v1/attachments/${encodeURIComponent(attachmentId)}`, {
    method: 'PATCH',
    body: { position },
  });
}

export function useMoveAttachment(collection: DocumentCollection, documentId: string) {
  const queryClient = useQueryClient();
  const queryKey = attachmentsQueryKey(collection, documentId);
  return useMutation({
    mutationFn: (input: { attachmentId: string; position: number }) =>
      moveAttachment(input.attachmentId, input.position),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
