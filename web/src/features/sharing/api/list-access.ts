import type { DocumentCollection } from '@pactum/core/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';
import type { AccessList } from '../types';

/** Under the document's key, so that its realtime topic refetches the share list too. */
export const accessQueryKey = (collection: DocumentCollection, documentId: string) =>
  [...documentQueryKey(collection, documentId), 'access'] as const;

/** GET /api/v1/:collection/:documentId/access: the document's share list. */
export function listAccess(collection: DocumentCollection, documentId: string) {
  return apiFetch<AccessList>(`${documentPath(collection, documentId)}/access`);
}

export const accessQueryOptions = (collection: DocumentCollection, documentId: string) =>
  queryOptions({
    queryKey: accessQueryKey(collection, documentId),
    queryFn: () => listAccess(collection, documentId),
  });

export function useAccessList(collection: DocumentCollection, documentId: string) {
  return useQuery(accessQueryOptions(collection, documentId));
}
