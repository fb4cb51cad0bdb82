import type { DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type Attachment, attachmentsQueryKey } from './list-attachments';

/** POST /api/v1/:collection/:documentId/attachments: attaches a completed upload. */
export function addAttachment(
  collection: DocumentCollection,
  documentId: string,
  uploadId: string,
): Promise<Attachment> {
  return apiFetch(`/api/v1/${collection}/${encodeURIComponent(documentId)}/attachments`, {
    method: 'POST',
    body: { uploadId },
  });
}

export function useAddAttachment(collection: DocumentCollection, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => addAttachment(collection, documentId, uploadId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: attachmentsQueryKey(collection, documentId) }),
  });
}
