import type { DocumentCollection } from '@pactum/core/documents';
import type { QueryKey } from '@tanstack/react-query';
import { documentPath, documentQueryKey } from '../../../app/document-key';

/**
 * Where a thing's tags live: `GET` and `PUT <path>/tags` answer the same `documentTagsSchema`
 * for templates, drafts, deals and archive items. `queryKey` holds the tags; `changedKey` is
 * refetched after a change (the thing's own key, so its listings show the new tags too).
 */
export type TagsSource = { path: string; queryKey: QueryKey; changedKey: QueryKey };

/** The tags of a template, draft or deal, under the document's key (its realtime topic). */
export function documentTagsSource(collection: DocumentCollection, documentId: string): TagsSource {
  const documentKey = documentQueryKey(collection, documentId);
  return {
    path: documentPath(collection, documentId),
    queryKey: [...documentKey, 'tags'],
    changedKey: documentKey,
  };
}
