import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useOutletContext, useParams } from 'react-router';
import { ApiError } from '../../app/http';
import { useLiveTopic } from '../../app/live';
import { useCloseDrawerOnOpen } from '../../ui/drawer-control';
import { ErrorAlert } from '../../ui/error-alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { DRAFT_LIST_PATH, draftSentPath, sentStatusPath } from '../documents';
import { type DraftDetail, useDraft } from './api/get-draft';
import { isQueuedHere } from './just-sent';

/**
 * `draft/:draftId` (the draft wrapper): loads the draft and keeps it live (`draft:<id>`),
 * closes the side menu, and hands the draft to its step (title, edit, parties). A sent draft
 * shows its status instead. (The Drafts contract has no document-open call to make here.)
 */
export function DraftPage() {
  const { t } = useTranslation();
  const { draftId = '' } = useParams();
  const draft = useDraft(draftId);
  useLiveTopic(`draft:${draftId}`);
  useCloseDrawerOnOpen();
  useDocumentTitle(draft.data?.title ?? t('drafts.draft'));

  if (draft.isPending) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 1100 }} aria-busy>
        <Skeleton variant="text" width={320} height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (draft.isError) {
    const isMissing = draft.error instanceof ApiError && draft.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
        <ErrorAlert
          error={draft.error}
          describe={() => (isMissing ? t('drafts.notFound') : undefined)}
        />
        <Button variant="outlined" component={RouterLink} to={DRAFT_LIST_PATH}>
          {t('drafts.backToDrafts')}
        </Button>
      </Stack>
    );
  }
  if (draft.data.sentAt) {
    // Sent from this tab a moment ago: the progress page (the navigation there may still be
    // under way when the refetched draft arrives); otherwise the sent draft's status.
    const to = isQueuedHere(draftId) ? draftSentPath(draftId) : sentStatusPath(draftId);
    return <Navigate to={to} replace />;
  }
  return <Outlet context={draft.data} />;
}

/** The draft of the wrapper, in one of its steps. */
export function useDraftOfPage(): DraftDetail {
  return useOutletContext<DraftDetail>();
}
