import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';
import { SENT_STATUS_PATH, sentDealPath } from '../documents';
import { SupportContact } from '../support';
import { useDraft } from './api/get-draft';
import { getQueue } from './api/get-queue';
import { listDraftDeals } from './api/list-draft-deals';
import { nextSendPollStep, SEND_POLL_MS, shownProgress } from './draft-rules';
import { markJustSent } from './just-sent';
import { useDraftText } from './use-draft-text';

type Outcome = { kind: 'waiting' } | { kind: 'error'; message: string } | { kind: 'timeout' };

/**
 * `draft-sent/:draftId`: the sending job's progress (spec 2 §4.7). Asks once a second, up to
 * 300 times, for the queue and the draft's deals; when a deal exists the sender goes to it
 * (greeted there once), a queue error or the time running out is told.
 */
export function DraftSentPage() {
  const { t } = useTranslation();
  const text = useDraftText();
  const { draftId = '' } = useParams();
  const navigate = useNavigate();
  const draft = useDraft(draftId);
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' });
  const isBatch = Boolean(draft.data?.batchName);
  const title = isBatch ? text('sendingPlural') : text('sending');
  useDocumentTitle(title);

  useEffect(() => {
    let isStopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const tick = async () => {
      tries += 1;
      const [queue, deals] = await Promise.all([
        getQueue(draftId).catch(() => undefined),
        listDraftDeals(draftId).catch(() => undefined),
      ]);
      if (isStopped) return;
      if (queue) setProgress(queue.progress);
      const found = deals ?? [];
      const step = nextSendPollStep({ tries, dealCount: found.length, queue });
      const [first] = found;
      if (step.kind === 'found' && first) {
        markJustSent(first.id, {
          title: first.title,
          receivers: found.map((deal) => deal.receiverName).join(', '),
        });
        navigate(sentDealPath(draftId, first.id), { replace: true });
        return;
      }
      if (step.kind === 'error' || step.kind === 'timeout') {
        setOutcome(step);
        return;
      }
      timer = setTimeout(() => void tick(), SEND_POLL_MS);
    };
    void tick();
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [draftId, navigate]);

  const shown = shownProgress(progress);
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', py: 6, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
        {title}
      </Typography>
      {outcome.kind === 'waiting' && (
        <Box sx={{ position: 'relative', display: 'inline-flex' }}>
          <CircularProgress
            variant="determinate"
            value={shown}
            size={120}
            thickness={4}
            aria-label={title}
          />
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Typography variant="h6" component="span" aria-hidden>
              {`${shown} %`}
            </Typography>
          </Box>
        </Box>
      )}
      {outcome.kind === 'error' && (
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          <Typography>{text('queueError')}</Typography>
          {outcome.message && (
            <Typography sx={{ mt: 1 }}>{text('queueErrorDetail', outcome.message)}</Typography>
          )}
          <SupportContact />
        </Alert>
      )}
      {outcome.kind === 'timeout' && (
        <Alert severity="warning" role="alert" sx={{ width: '100%' }}>
          {text('tooLong')}
          <SupportContact />
        </Alert>
      )}
      {outcome.kind !== 'waiting' && (
        <Button variant="outlined" component={RouterLink} to={SENT_STATUS_PATH}>
          {t('drafts.sent.toStatus')}
        </Button>
      )}
    </Stack>
  );
}
