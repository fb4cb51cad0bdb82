import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Party } from '@pactum/core/documents';
import { isPartyValid } from '@pactum/core/drafts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useMe } from '../auth';
import { type DealDetail, useDeal } from '../deals';
import { dealLoadPath, HOME_PATH } from '../documents';
import { autofilledSender, PartyFields } from '../drafts';
import { useValidateReceiver } from './api/validate-receiver';

/**
 * `received/validate/:dealId`: before a receiver opens a deal for the first time they check
 * their own party's details as the sender typed them (spec 2 §6). Confirming stores them on
 * the deal (and fills the user's empty company name and business id) and opens the deal.
 */
export function ReceiverValidationPage() {
  const { t } = useTranslation();
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  useDocumentTitle(t('sending.validate.title'));
  if (deal.isPending) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }} aria-busy>
        <Skeleton variant="text" width={320} height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (deal.isError) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720, alignItems: 'flex-start' }}>
        <ErrorAlert error={deal.error} />
        <Button variant="outlined" component={RouterLink} to={HOME_PATH}>
          {t('sending.validate.home')}
        </Button>
      </Stack>
    );
  }
  if (deal.data.myParty !== 'receiver' || deal.data.receiverValidated) {
    return <Navigate to={dealLoadPath(dealId)} replace />;
  }
  return <ValidationForm deal={deal.data} />;
}

function ValidationForm({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe().data;
  const validate = useValidateReceiver(deal.id);
  const [party, setParty] = useState<Party>(
    () =>
      (me && autofilledSender(deal.parties.receiver, me.company, me.address)) ??
      deal.parties.receiver,
  );
  const [isSubmitted, setIsSubmitted] = useState(false);
  const onSubmit = () => {
    setIsSubmitted(true);
    if (!isPartyValid(party)) return;
    validate.mutate(party, {
      onSuccess: () => navigate(dealLoadPath(deal.id), { replace: true }),
    });
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('sending.validate.title')} />
      <Typography>
        {t('sending.validate.text', { title: deal.title, sender: deal.parties.sender.name })}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <PartyFields party={party} onChange={setParty} isShowingErrors={isSubmitted} />
            <ErrorAlert error={validate.error} />
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="contained" onClick={onSubmit} loading={validate.isPending}>
                {t('sending.validate.submit')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
