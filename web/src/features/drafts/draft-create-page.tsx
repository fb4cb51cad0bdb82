import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type Me, useMe } from '../auth';
import { draftPath, TEMPLATE_LIST_PATH } from '../documents';
import { useCreateDraft } from './api/create-draft';
import { draftQueryKey } from './api/get-draft';
import { updateDraft } from './api/update-draft';
import { autofilledSender } from './autofill';
import { AutofillPromptDialog } from './components/autofill-prompt-dialog';
import { useDraftText } from './use-draft-text';

/**
 * `templates/create/:templateId` (draft-create): asks the autofill question first when the user
 * has not seen it, then makes the draft, fills the sender from the user's company details and
 * goes on to the title and sharing step.
 */
export function DraftCreatePage() {
  const text = useDraftText();
  useDocumentTitle(text('creating'));
  const { templateId = '' } = useParams();
  const me = useMe().data;
  // Decided once, from the user as first loaded: the answer itself sets `autofillShown`, and a
  // fresher user read meanwhile (another tab, a refetch) must not close the dialog before its
  // answer has been told and the draft started.
  const [mustAsk, setMustAsk] = useState<boolean>();
  const [hasAnswered, setHasAnswered] = useState(false);
  if (!me) return <Creating />;
  const asks = mustAsk ?? !me.autofillShown;
  if (mustAsk === undefined) setMustAsk(asks);
  if (asks && !hasAnswered) {
    return (
      <>
        <Creating />
        <AutofillPromptDialog me={me} onDone={() => setHasAnswered(true)} />
      </>
    );
  }
  return <CreateDraft templateId={templateId} me={me} />;
}

function CreateDraft({ templateId, me }: { templateId: string; me: Me }) {
  const { t } = useTranslation();
  const text = useDraftText();
  const navigate = useNavigate();
  const create = useCreateDraft();
  const queryClient = useQueryClient();
  const hasStarted = useRef(false);
  // The latest user (the autofill answer may have just changed the company details).
  const meRef = useRef(me);
  meRef.current = me;

  useEffect(() => {
    // Once per visit, also under React's development double effects.
    if (hasStarted.current) return;
    hasStarted.current = true;
    create.mutate(templateId, {
      onSuccess: async (draft) => {
        const sender = autofilledSender(
          draft.parties.sender,
          meRef.current.company,
          meRef.current.address,
        );
        // The draft exists even if the autofill fails; the send page shows the empty party.
        if (sender) {
          const filled = await updateDraft(draft.id, {
            parties: { ...draft.parties, sender },
          }).catch(() => undefined);
          // The next steps read the draft from the cache: it holds the filled-in sender.
          if (filled) queryClient.setQueryData(draftQueryKey(draft.id), filled);
        }
        toast.success(text('created', draft.title));
        navigate(draftPath(draft.id, 'title'), { replace: true });
      },
    });
  }, [create, templateId, navigate, text, queryClient]);

  if (create.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
        <Typography variant="h5" component="h1">
          {t('drafts.create.failed')}
        </Typography>
        <ErrorAlert error={create.error} />
        <Button variant="outlined" component={RouterLink} to={TEMPLATE_LIST_PATH}>
          {t('drafts.backToTemplates')}
        </Button>
      </Stack>
    );
  }
  return <Creating />;
}

function Creating() {
  const text = useDraftText();
  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 8 }}>
      <CircularProgress aria-hidden />
      <Typography variant="h6" component="h1">
        {text('creating')}
      </Typography>
    </Stack>
  );
}
