import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useCommentAction } from '../api/comment-mutations';
import type { CommentCollection } from '../comment-collection';
import type { CommentRow, CommentThread } from '../types';
import { CommentComposer } from './comment-composer';

/** The delete confirmation previews the comment cut at 60 characters (spec 2 §9). */
const PREVIEW_LENGTH = 60;

export function commentPreview(content: string): string {
  return content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content;
}

type Pending =
  | { kind: 'resolve' }
  | { kind: 'reopen' }
  | { kind: 'delete'; comment: CommentRow; isThread: boolean };

type CommentThreadViewProps = {
  collection: CommentCollection;
  documentId: string;
  thread: CommentThread;
  meId: string;
  canModerate: boolean;
  canComment: boolean;
};

/**
 * One thread: its comments, a reply field (with 'Reply and resolve'), resolve and reopen, and
 * per comment edit (its author) and delete (its author or an edit-role user). Resolved threads
 * are collapsed and open on click.
 */
export function CommentThreadView({
  collection,
  documentId,
  thread,
  meId,
  canModerate,
  canComment,
}: CommentThreadViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const action = useCommentAction(collection, documentId);
  const [isExpanded, setIsExpanded] = useState(!thread.isResolved);
  const [pending, setPending] = useState<Pending>();
  const [editingId, setEditingId] = useState<string>();
  const comments = [thread, ...thread.replies];
  const isShown = !thread.isResolved || isExpanded;

  const fail = (error: unknown) => toast.error(errorText(error, lang));
  const confirm = () => {
    const current = pending;
    setPending(undefined);
    if (!current) return;
    if (current.kind === 'resolve') {
      action.mutate(
        { kind: 'resolve', threadId: thread.id },
        { onSuccess: () => toast.success(t('comments.resolved'), 5_000), onError: fail },
      );
    } else if (current.kind === 'reopen') {
      action.mutate(
        { kind: 'reopen', threadId: thread.id },
        {
          onSuccess: () => {
            setIsExpanded(true);
            toast.success(t('comments.reopened'), 5_000);
          },
          onError: fail,
        },
      );
    } else {
      action.mutate(
        { kind: 'delete', commentId: current.comment.id },
        {
          onSuccess: () =>
            toast.success(
              t('comments.deleted', {
                what: current.isThread ? t('comments.discussion') : t('comments.comment'),
              }),
              5_000,
            ),
          onError: fail,
        },
      );
    }
  };

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={t('comments.threadBy', { name: nameOf(thread) })}
      sx={{ p: 1.5, bgcolor: thread.isResolved ? 'action.hover' : undefined }}
    >
      {thread.isResolved && (
        <Button
          size="small"
          onClick={() => setIsExpanded((expanded) => !expanded)}
          aria-expanded={isExpanded}
          startIcon={<CheckCircleOutline color="success" />}
          sx={{ mb: isExpanded ? 1 : 0, textTransform: 'none' }}
        >
          {t('comments.resolvedThread', { text: commentPreview(thread.content) })}
        </Button>
      )}
      {isShown && (
        <Stack spacing={1.5}>
          {comments.map((comment, index) => {
            const isMine = comment.creator.id === meId;
            return (
              <Box key={comment.id} sx={{ pl: index > 0 ? 2 : 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle2" component="span">
                    {nameOf(comment)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(comment.createdAt)}
                  </Typography>
                  {index === 0 && thread.isResolved && (
                    <Chip
                      size="small"
                      color="success"
                      variant="outlined"
                      label={t('comments.resolvedChip')}
                    />
                  )}
                  <Box sx={{ flexGrow: 1 }} />
                  {canComment && isMine && editingId !== comment.id && (
                    <IconButton
                      size="small"
                      aria-label={t('comments.edit')}
                      onClick={() => setEditingId(comment.id)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  )}
                  {canComment && (isMine || canModerate) && (
                    <IconButton
                      size="small"
                      aria-label={index === 0 ? t('comments.deleteThread') : t('comments.delete')}
                      onClick={() => setPending({ kind: 'delete', comment, isThread: index === 0 })}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
                {editingId === comment.id ? (
                  <CommentComposer
                    label={t('comments.editLabel')}
                    submitLabel={t('common.save')}
                    initialValue={comment.content}
                    autoFocus
                    onCancel={() => setEditingId(undefined)}
                    onSubmit={(content) =>
                      action
                        .mutateAsync({ kind: 'edit', commentId: comment.id, content })
                        .then(() => {
                          setEditingId(undefined);
                          toast.success(t('comments.updated'), 5_000);
                        })
                    }
                  />
                ) : (
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {comment.content}
                  </Typography>
                )}
              </Box>
            );
          })}
          {canComment && !thread.isResolved && (
            <CommentComposer
              label={t('comments.reply')}
              submitLabel={t('comments.replyButton')}
              onSubmit={(content) =>
                action
                  .mutateAsync({
                    kind: 'post',
                    body: { sectionId: thread.sectionId, threadId: thread.id, content },
                  })
                  .then(() => toast.success(t('comments.replied'), 5_000))
              }
              secondary={{
                label: t('comments.replyAndResolve'),
                onSubmit: (content) =>
                  action
                    .mutateAsync({ kind: 'resolve', threadId: thread.id, reply: content })
                    .then(() => {
                      setIsExpanded(false);
                      toast.success(t('comments.resolved'), 5_000);
                    }),
              }}
            />
          )}
          {canComment && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {thread.isResolved ? (
                <Button
                  size="small"
                  startIcon={<Replay />}
                  onClick={() => setPending({ kind: 'reopen' })}
                >
                  {t('comments.reopen')}
                </Button>
              ) : (
                <Button
                  size="small"
                  startIcon={<CheckCircleOutline />}
                  onClick={() => setPending({ kind: 'resolve' })}
                >
                  {t('comments.resolve')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog
        isOpen={pending !== undefined}
        title={
          pending?.kind === 'resolve'
            ? t('comments.resolveConfirm')
            : pending?.kind === 'reopen'
              ? t('comments.reopenConfirm')
              : pending?.isThread
                ? t('comments.deleteThreadConfirm')
                : t('comments.deleteConfirm')
        }
        text={pending?.kind === 'delete' ? commentPreview(pending.comment.content) : undefined}
        confirmLabel={
          pending?.kind === 'resolve'
            ? t('comments.resolve')
            : pending?.kind === 'reopen'
              ? t('comments.reopen')
              : t('comments.deleteButton')
        }
        onCancel={() => setPending(undefined)}
        onConfirm={confirm}
      />
    </Paper>
  );
}

function nameOf(comment: CommentRow): string {
  const name = `${comment.creator.firstname} ${comment.creator.lastname}`.trim();
  return name || comment.creator.email;
}
