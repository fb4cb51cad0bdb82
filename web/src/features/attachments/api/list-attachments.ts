import type { Wire } from '@pactum/core/api/wire';
import type { DocumentCollection } from '@pactum/core/documents';
import type { attachmentListSchema } from '@pactum/core/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** The attachments of a document, as the attachment routes answer them. */
export type AttachmentList = Wire<typeof attachmentListSchema>;
/** One attachment of a document. */
export type Attachment = AttachmentList['attachments'][number];

/** The realtime topic kind of a collection: `template:<id>` refetches `['template', id, …]`. */
const topicKind: Record<DocumentCollection, string> = {
  templates: 'template',
  drafts: 'draft',
  deals: 'deal',
};

/** Under the document's key, so its realtime topic (`attachments.changed`) refetches it. */
export const attachmentsQueryKey = (collection: DocumentCollection, documentId: string) =>
  [topicKind[collection], documentId, 'attachments'] as const;

/** GET /api/v1/:collection/:documentId/attachments: the document's attachments in order. */
export function listAttachments(
  collection: DocumentCollection,
  documentId: string,
): Promise<AttachmentList> {
  return apiFetch(`/api/v1/${collection}/${encodeURIComponent(documentId)}/attachments`);
}

export const attachmentsQueryOptions = (collection: DocumentCollection, documentId: string) =>
  queryOptions({
    queryKey: attachmentsQueryKey(collection, documentId),
    queryFn: () => listAttachments(collection, documentId),
  });

export function useAttachments(collection: DocumentCollection, documentId: string) {
  return useQuery(attachmentsQueryOptions(collection, documentId));
}

/** The authorised download address of an attachment (the session cookie goes along). */
export const attachmentFileUrl = (attachmentId: string) =>
  `/api/v1/attachments/${encodeURIComponent(attachmentId)}/file`;
