import type { AdminDocumentKind } from '@pactum/core/admin';
import type { adminDocumentDetailSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { adminKeys } from './admin-keys';

/** The document page: summary, access, signers, activity and the audit chain's last check. */
export type AdminDocumentDetail = Wire<typeof adminDocumentDetailSchema>;
export type AdminChainCheck = NonNullable<AdminDocumentDetail['chainCheck']>;

/** While a chain check waits for its job, the page asks again this often. */
export const CHAIN_CHECK_POLL_MS = 1_000;

/** GET /api/v1/admin/documents/:kind/:documentId. */
export function getAdminDocument(
  kind: AdminDocumentKind,
  documentId: string,
): Promise<AdminDocumentDetail> {
  return apiFetch<AdminDocumentDetail>(
    `/api/v1/admin/documents/${kind}/${encodeURIComponent(documentId)}`,
  );
}

export const adminDocumentQueryOptions = (kind: AdminDocumentKind, documentId: string) =>
  queryOptions({
    queryKey: adminKeys.document(kind, documentId),
    queryFn: () => getAdminDocument(kind, documentId),
    // A queued chain check is done by a job: read the page again until it has its result.
    refetchInterval: (query) =>
      query.state.data?.chainCheck?.status === 'queued' ? CHAIN_CHECK_POLL_MS : false,
  });

export function useAdminDocument(kind: AdminDocumentKind, documentId: string) {
  return useQuery(adminDocumentQueryOptions(kind, documentId));
}
