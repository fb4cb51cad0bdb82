import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { celebrate } from '../../ui/confetti';
import { toast } from '../../ui/toast-store';
import { useDeal } from '../deals';
import {
  dealEditPath,
  dealLoadPath,
  dealSignPath,
  HOME_PATH,
  SENT_STATUS_PATH,
} from '../documents';
import { takeJustSent, useDraftText } from '../drafts';
import { sentDealView } from './sent-deal-rules';

/**
 * `sent/status/:draftId/:dealId` (sent-deal): checks the sender's access and loads the deal;
 * the first open after sending greets with a toast and confetti. Then the deal opens in the
 * negotiation editor (sent-deal-edit), or in review and sign when the process is sign or the
 * state is past negotiation. Without access: 'Unable to load document. Missing access.' and home.
 */
export function SentDealPage() {
  const { t } = useTranslation();
  const text = useDraftText();
  const { draftId, dealId = '' } = useParams();
  const deal = useDeal(dealId);
  const hasGreeted = useRef(false);
  const isLoaded = Boolean(deal.data);

  useEffect(() => {
    if (!isLoaded || hasGreeted.current) return;
    hasGreeted.current = true;
    const note = takeJustSent(dealId);
    if (!note) return;
    toast.success(text('sentToast', note.title, note.receivers), 10_000);
    celebrate({ x: 1, y: 0.6 });
  }, [isLoaded, dealId, text]);

  useEffect(() => {
    if (deal.isError) toast.error(t('deals.load.missingAccess'));
  }, [deal.isError, t]);

  if (!draftId || !dealId) return <Navigate to={SENT_STATUS_PATH} replace />;
  if (deal.isError) return <Navigate to={HOME_PATH} replace />;
  // Someone of the other party opens the deal their own way.
  if (deal.data && deal.data.myParty !== 'sender')
    return <Navigate to={dealLoadPath(dealId)} replace />;
  if (!deal.data) {
    return (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="text" width={320} height={56} />
        <Skeleton variant="rounded" height={260} />
      </Stack>
    );
  }
  const to =
    sentDealView(deal.data) === 'sign' ? dealSignPath(dealId) : dealEditPath(dealId, 'sender');
  return <Navigate to={to} replace />;
}
