import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { CommentCollection } from '../comment-collection';
import type { CommentThread, CommentThreadList } from '../types';

/**
 * The query key of a document's internal comments: under the document's own key (`['draft',
 * id]`, `['deal', id]`) so that its realtime topic refetches them too.
 */
export const commentsQueryKey = (collection: CommentCollection, documentId: string) =>
  [collection === 'drafts' ? 'draft' : 'deal', documentId, 'comments'] as const;

/** GET /api/v1/:collection/:documentId/comments: the threads the caller's party may see. */
export async function listComments(
  collection: CommentCollection,
  documentId: string,
): Promise<CommentThread[]> {
  const answer = await apiFetch<CommentThreadList>(
    `/api/v1/${collection}/${encodeURIComponent(documentId)}/comments`,
  );
  return answer.threads;
}

export const commentsQueryOptions = (collection: CommentCollection, documentId: string) =>
  queryOptions({
    queryKey: commentsQueryKey(collection, documentId),
    queryFn: () => listComments(collection, documentId),
  });

export function useComments(collection: CommentCollection, documentId: string) {
  return useQuery(commentsQueryOptions(collection, documentId));
}
