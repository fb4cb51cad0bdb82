import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { draftPath, sentStatusPath, TEMPLATE_LIST_PATH } from '../documents';
import { useDraftText } from '../drafts';
import { useSent } from './api/list-sent';
import type { SentCard } from './types';

const stateColour = { draft: 'default', open: 'info', done: 'success' } as const;

/** The visibility chip: private, guest, or 'group' for any other value (spec 2 §2.3). */
export const visibilityChip = (visibility: string) =>
  visibility === 'private' || visibility === 'guest' ? visibility : 'group';

/** `sent/status` (sent-status): the user's sent drafts, newest sending first, 24 at a time. */
export function SentStatusListPage() {
  const { t } = useTranslation();
  const text = useDraftText();
  useDocumentTitle(t('sending.list.title'));
  const sent = useSent();
  const pages = sent.data?.pages;
  const cards = useMemo(() => pages?.flatMap((page) => page.drafts) ?? [], [pages]);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <PageHeader title={t('sending.list.title')} />
      {sent.isPending ? (
        <Grid container spacing={2} aria-busy>
          {[0, 1, 2].map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={150} />
            </Grid>
          ))}
        </Grid>
      ) : sent.isError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorAlert error={sent.error} fallback={t('sending.list.loadFailed')} />
          <Button variant="outlined" onClick={() => sent.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      ) : cards.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>{text('noSent')}</Typography>
            <Button variant="contained" component={RouterLink} to={TEMPLATE_LIST_PATH}>
              {t('sending.list.showTemplates')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Grid container spacing={2}>
            {cards.map((card) => (
              <Grid key={card.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <SentDraftCard card={card} />
              </Grid>
            ))}
          </Grid>
          {sent.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Button
                variant="outlined"
                loading={sent.isFetchingNextPage}
                onClick={() => sent.fetchNextPage()}
              >
                {t('sending.list.loadMore')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}

function SentDraftCard({ card }: { card: SentCard }) {
  const { t } = useTranslation();
  const to = card.displayState === 'draft' ? draftPath(card.id, 'edit') : sentStatusPath(card.id);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography
                variant="h6"
                component="h2"
                sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
              >
                {card.title}
              </Typography>
              <Chip
                size="small"
                color={stateColour[card.displayState]}
                label={t(`sending.list.state.${card.displayState}`)}
              />
            </Stack>
            <Typography variant="body2">
              {t('sending.list.counts', { sent: card.sentCount, closed: card.closedCount })}
            </Typography>
            <Stack direction="row" spacing={1}>
              {card.language && <Chip size="small" variant="outlined" label={card.language} />}
              <Chip
                size="small"
                variant="outlined"
                label={t(`sending.list.visibility.${visibilityChip(card.visibility)}`)}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t('sending.list.createdAt', { date: formatDateTime(card.createdAt) })}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
