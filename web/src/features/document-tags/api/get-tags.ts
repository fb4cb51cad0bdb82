import type { documentTagsSchema } from '@pactum/core/api/tags';
import type { Wire } from '@pactum/core/api/wire';
import type { DocumentCollection } from '@pactum/core/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';
import { documentTagsSource, type TagsSource } from './tags-source';

/** A document's tags and the tags the caller could add (`GET` and `PUT …/tags` answer it). */
export type DocumentTags = Wire<typeof documentTagsSchema>;

/** Under the document's key, so that its realtime topic refetches the tags too. */
export const tagsQueryKey = (collection: DocumentCollection, documentId: string) =>
  [...documentQueryKey(collection, documentId), 'tags'] as const;

/** GET <path>/tags, e.g. /api/v1/templates/:id/tags or /api/v1/archive/items/:id/tags. */
export function getTags(source: TagsSource) {
  return apiFetch<DocumentTags>(`${source.path}/tags`);
}

export function useTags(source: TagsSource, isEnabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: source.queryKey, queryFn: () => getTags(source) }),
    enabled: isEnabled,
  });
}

/** GET /api/v1/:collection/:documentId/tags. */
export function useDocumentTags(
  collection: DocumentCollection,
  documentId: string,
  isEnabled = true,
) {
  return useTags(documentTagsSource(collection, documentId), isEnabled);
}
