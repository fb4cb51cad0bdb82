import type { adminDocumentListSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type DocumentListParams, documentListQuery } from '../list-params';
import { adminKeys } from './admin-keys';

/** A page of the document list. */
export type AdminDocumentPage = Wire<typeof adminDocumentListSchema>;
export type AdminDocumentRow = AdminDocumentPage['items'][number];

/** GET /api/v1/admin/documents: deals and drafts matching the filters, a page of them. */
export function listAdminDocuments(params: DocumentListParams): Promise<AdminDocumentPage> {
  return apiFetch<AdminDocumentPage>(`/api/v1/admin/documents?${documentListQuery(params)}`);
}

export const adminDocumentsQueryOptions = (params: DocumentListParams) =>
  queryOptions({
    queryKey: [...adminKeys.documents, params] as const,
    queryFn: () => listAdminDocuments(params),
    placeholderData: keepPreviousData,
  });

export function useAdminDocuments(params: DocumentListParams) {
  return useQuery(adminDocumentsQueryOptions(params));
}
