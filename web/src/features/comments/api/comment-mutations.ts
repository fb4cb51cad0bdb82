import type { CreateCommentInput } from '@pactum/core/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { CommentCollection } from '../comment-collection';
import type { CommentRow } from '../types';
import { commentsQueryKey } from './list-comments';

export type PostComment = CreateCommentInput;

/** POST /api/v1/:collection/:documentId/comments: a new thread, or a reply to `threadId`. */
export function postComment(
  collection: CommentCollection,
  documentId: string,
  body: PostComment,
): Promise<CommentRow> {
  return apiFetch<CommentRow>(`/api/v1/${collection}/${encodeURIComponent(documentId)}/comments`, {
    method: 'POST',
    body,
  });
}

/** PATCH /api/v1/comments/:id: the author edits the text. */
export function editComment(commentId: string, content: string): Promise<CommentRow> {
  return apiFetch<CommentRow>(`/api/v1/comments/${encodeURIComponent(commentId)}`, {
    method: 'PATCH',
    body: { content },
  });
}

/** POST /api/v1/comments/:id/resolve: resolves a thread, optionally with a closing reply. */
export function resolveThread(threadId: string, reply?: string): Promise<void> {
  return apiFetch<void>(`/api/v1/comments/${encodeURIComponent(threadId)}/resolve`, {
    method: 'POST',
    body: reply ? { reply } : {},
  });
}

/** POST /api/v1/comments/:id/reopen: opens a resolved thread again. */
export function reopenThread(threadId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/comments/${encodeURIComponent(threadId)}/reopen`, {
    method: 'POST',
  });
}

/** DELETE /api/v1/comments/:id: a comment (or a whole thread, when it is the root). */
export function deleteComment(commentId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' });
}

type CommentAction =
  | { kind: 'post'; body: PostComment }
  | { kind: 'edit'; commentId: string; content: string }
  | { kind: 'resolve'; threadId: string; reply?: string }
  | { kind: 'reopen'; threadId: string }
  | { kind: 'delete'; commentId: string };

/** Every change to a document's internal comments; each refetches the document's threads. */
export function useCommentAction(collection: CommentCollection, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CommentAction): Promise<unknown> => {
      switch (action.kind) {
        case 'post':
          return postComment(collection, documentId, action.body);
        case 'edit':
          return editComment(action.commentId, action.content);
        case 'resolve':
          return resolveThread(action.threadId, action.reply);
        case 'reopen':
          return reopenThread(action.threadId);
        case 'delete':
          return deleteComment(action.commentId);
      }
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: commentsQueryKey(collection, documentId) }),
  });
}
