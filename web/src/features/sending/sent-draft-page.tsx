import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dealProgress, progressColour } from '@pactum/core/deals';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useLiveTopic } from '../../app/live';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { SENT_STATUS_PATH, sentDealPath } from '../documents';
import { type DraftDeal, useDraft, useDraftDeals } from '../drafts';

const barColour = { green: 'success', blue: 'info', grey: 'inherit' } as const;

/** `sent/status/:draftId`: a sent draft's title and its deals, one per receiver. */
export function SentDraftPage() {
  const { t } = useTranslation();
  const { draftId = '' } = useParams();
  const draft = useDraft(draftId);
  const deals = useDraftDeals(draftId);
  useLiveTopic(`draft:${draftId}`);
  useDocumentTitle(draft.data?.title ?? t('sending.list.title'));
  const error = draft.error ?? deals.error;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={draft.data?.title ?? <Skeleton width={280} />}
        actions={
          <Button variant="outlined" component={RouterLink} to={SENT_STATUS_PATH}>
            {t('sending.list.title')}
          </Button>
        }
      />
      {error ? (
        <ErrorAlert error={error} />
      ) : !deals.data ? (
        <Skeleton variant="rounded" height={140} aria-busy />
      ) : deals.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('sending.deals.empty')}</Typography>
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {deals.data.map((deal) => (
            <Grid key={deal.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <DealCard draftId={draftId} deal={deal} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

function DealCard({ draftId, deal }: { draftId: string; deal: DraftDeal }) {
  const { t } = useTranslation();
  const progress = dealProgress({ state: deal.state, stats: deal.negotiationStats });
  const colour = progressColour(progress);
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={sentDealPath(draftId, deal.id)}>
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {deal.receiverName || deal.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`sending.deals.state.${deal.state}`)}
              {deal.contractUid ? ` · ${deal.contractUid}` : ''}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <LinearProgress
                variant="determinate"
                value={progress}
                color={barColour[colour]}
                sx={{
                  flexGrow: 1,
                  height: 8,
                  borderRadius: 4,
                  color: colour === 'grey' ? 'grey.500' : undefined,
                }}
                aria-label={t('sending.deals.progress', { progress })}
              />
              <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
                {`${progress} %`}
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(deal.createdAt)}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
