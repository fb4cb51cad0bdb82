import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast-store';
import { useCommentAction } from '../api/comment-mutations';
import type { CommentCollection } from '../comment-collection';
import type { CommentThread } from '../types';
import { CommentComposer } from './comment-composer';
import { CommentThreadView } from './comment-thread';

type SectionCommentsProps = {
  collection: CommentCollection;
  documentId: string;
  sectionId: string;
  /** This section's threads (the document's threads are fetched once, for all sections). */
  threads: CommentThread[];
  /** The signed-in user. */
  meId: string;
  /** An edit-role user may delete anyone's comments of their party. */
  canModerate: boolean;
  /** False in print mode and for deals in signing or signed: the threads are read-only. */
  canComment: boolean;
};

/**
 * A section card's footer of internal comments (spec 2 §4.5): threads that only the commenter's
 * own party sees. Open threads show in full; resolved ones are collapsed until clicked.
 */
export function SectionComments({
  collection,
  documentId,
  sectionId,
  threads,
  meId,
  canModerate,
  canComment,
}: SectionCommentsProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const action = useCommentAction(collection, documentId);
  const openCount = threads.filter((thread) => !thread.isResolved).length;

  const startThread = (content: string) =>
    action.mutateAsync({ kind: 'post', body: { sectionId, content } }).then(() => {
      toast.success(t('comments.threadCreated'), 5_000);
    });

  return (
    <Box>
      <Divider />
      <Button
        size="small"
        startIcon={<ChatBubbleOutline />}
        endIcon={isOpen ? <ExpandLess /> : <ExpandMore />}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        sx={{ mt: 1 }}
      >
        {t('comments.toggle', { count: threads.length, open: openCount })}
      </Button>
      <Collapse in={isOpen} id={panelId} unmountOnExit>
        <Stack spacing={2} sx={{ mt: 1.5 }} role="region" aria-label={t('comments.region')}>
          {threads.map((thread) => (
            <CommentThreadView
              key={thread.id}
              collection={collection}
              documentId={documentId}
              thread={thread}
              meId={meId}
              canModerate={canModerate}
              canComment={canComment}
            />
          ))}
          {threads.length === 0 && (
            <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{t('comments.empty')}</Box>
          )}
          {canComment && (
            <CommentComposer
              label={t('comments.newThread')}
              submitLabel={t('comments.post')}
              onSubmit={startThread}
            />
          )}
        </Stack>
      </Collapse>
    </Box>
  );
}
