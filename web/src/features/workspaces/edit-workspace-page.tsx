import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PaymentFailureCode } from '@pactum/core/billing';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link as RouterLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { ApiError } from '../../app/http';
import { useLiveTopic } from '../../app/live';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ApiTokensCard } from '../api-tokens';
import { useMe } from '../auth';
import { SupportContact } from '../support';
import { WebhooksCard } from '../webhooks';
import { useCalculateStats } from './api/calculate-stats';
import { useWorkspace } from './api/get-workspace';
import { workspacesQueryKey } from './api/list-workspaces';
import { BuyCreditsCard } from './components/buy-credits-card';
import { DetailsCard } from './components/details-card';
import { GroupsCard } from './components/groups-card';
import { MembersCard } from './components/members-card';
import { SecurityCard } from './components/security-card';
import { StatsCard } from './components/stats-card';
import { TagsCard } from './components/tags-card';
import { TransactionsCard } from './components/transactions-card';
import { WorkspaceStatusChip } from './components/workspace-status-chip';
import { WorkspaceTypeIcon } from './components/workspace-type-icon';
import { isStatsOutOfDate } from './stats-age';
import type { Workspace } from './types';
import { BUY_CREDITS_HASH, TRANSACTIONS_HASH, WORKSPACES_PATH } from './workspace-paths';

/** Spec 3 §2.5: `?scrollToTags=true` scrolls to the tags after 1 s. */
const SCROLL_TO_TAGS_DELAY_MS = 1_000;

type TabName = 'account' | 'buy' | 'transactions';

/**
 * `/dashboard/account/workspace/edit/:accountId`: one workspace in tabs. Its realtime topic
 * refetches the page when credits, members, groups, tags, stats or the review change.
 */
export function EditWorkspacePage() {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const workspace = useWorkspace(accountId);
  useLiveTopic(`workspace:${accountId}`, workspacesQueryKey);
  useDocumentTitle(workspace.data?.title ?? t('nav.workspace'));
  if (workspace.isPending) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 1200 }}>
        <Skeleton variant="text" width={320} height={56} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }
  if (workspace.isError) {
    const isMissing = workspace.error instanceof ApiError && workspace.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
        {isMissing ? (
          <Alert severity="warning">{t('workspaces.edit.notFound')}</Alert>
        ) : (
          <ErrorAlert error={workspace.error} fallback={t('workspaces.edit.loadFailed')} />
        )}
        <Stack direction="row" spacing={1}>
          {!isMissing && (
            <Button variant="contained" onClick={() => workspace.refetch()}>
              {t('common.tryAgain')}
            </Button>
          )}
          <Button variant="outlined" component={RouterLink} to={WORKSPACES_PATH}>
            {t('workspaces.edit.backToList')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  return <WorkspaceView workspace={workspace.data} />;
}

function WorkspaceView({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { hash, search, state } = useLocation();
  const navigate = useNavigate();
  const isCard = workspace.type === 'card';
  const tab: TabName =
    isCard && hash.includes(BUY_CREDITS_HASH)
      ? 'buy'
      : hash.includes(TRANSACTIONS_HASH)
        ? 'transactions'
        : 'account';
  const selectTab = (next: TabName) => {
    const nextHash =
      next === 'buy' ? BUY_CREDITS_HASH : next === 'transactions' ? TRANSACTIONS_HASH : '';
    navigate({ search, hash: nextHash }, { replace: true, state });
  };
  useStatsWhenOld(workspace);
  const earlierError = (state as { paymentError?: PaymentFailureCode } | null)?.paymentError;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={workspace.title}
        subtitle={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <WorkspaceTypeIcon type={workspace.type} />
            {workspace.isVerified && (
              <Typography color="text.secondary">
                {t('workspaces.edit.balance')}:{' '}
                <Box component="strong" sx={{ color: 'text.primary' }}>
                  {t('workspaces.creditCount', { count: workspace.credits })}
                </Box>
              </Typography>
            )}
            <WorkspaceStatusChip {...workspace} />
          </Stack>
        }
      />
      {!workspace.isVerified ? (
        <Alert severity={workspace.isRejected ? 'error' : 'info'} sx={{ maxWidth: 720 }}>
          {workspace.isRejected ? t('workspaces.edit.rejected') : t('workspaces.edit.waiting')}
          {workspace.isRejected && <SupportContact lead={t('support.rejectedOrder')} />}
        </Alert>
      ) : (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={tab}
              onChange={(_event, next: TabName) => selectTab(next)}
              aria-label={t('workspaces.edit.tabsLabel')}
              variant="scrollable"
              scrollButtons={false}
            >
              <Tab
                value="account"
                label={t('workspaces.edit.tabs.account')}
                id="tab-account"
                aria-controls="panel-account"
              />
              {isCard && (
                <Tab
                  value="buy"
                  label={t('workspaces.edit.tabs.buy')}
                  id="tab-buy"
                  aria-controls="panel-buy"
                />
              )}
              <Tab
                value="transactions"
                label={t('workspaces.edit.tabs.transactions')}
                id="tab-transactions"
                aria-controls="panel-transactions"
              />
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'account' && <AccountTab workspace={workspace} />}
            {tab === 'buy' && <BuyCreditsCard workspace={workspace} earlierError={earlierError} />}
            {tab === 'transactions' && <TransactionsCard workspaceId={workspace.id} />}
          </Box>
        </>
      )}
    </Stack>
  );
}

/** The Workspace tab: details and statistics, members and groups, then the tags. */
function AccountTab({ workspace }: { workspace: Workspace }) {
  const myUserId = useMe().data?.id;
  const tagsRef = useRef<HTMLElement>(null);
  const [params] = useSearchParams();
  const shouldScrollToTags = params.get('scrollToTags') === 'true';
  useEffect(() => {
    if (!shouldScrollToTags) return undefined;
    const timer = setTimeout(
      () => tagsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      SCROLL_TO_TAGS_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [shouldScrollToTags]);
  return (
    <Stack spacing={3}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={3}>
            <DetailsCard workspace={workspace} />
            <StatsCard workspace={workspace} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={3}>
            <MembersCard workspace={workspace} myUserId={myUserId} />
            <GroupsCard workspace={workspace} />
          </Stack>
        </Grid>
      </Grid>
      <TagsCard workspace={workspace} ref={tagsRef} />
      {workspace.role === 'edit' && <SecurityCard workspace={workspace} />}
      {workspace.role === 'edit' && <WebhooksCard workspaceId={workspace.id} />}
      {workspace.role === 'edit' && <ApiTokensCard workspaceId={workspace.id} />}
    </Stack>
  );
}

/**
 * Counts the stats again when they are missing, out of date (a purchase or a send cleared
 * `statsCalculatedAt`) or a day old. Asked once for each reading of the page that finds them so,
 * and never while a count is under way: a second purchase whose reading arrives before the first
 * count's result is counted too (keyed on the stored time alone, two out-of-date readings in a
 * row looked like one and the second was never counted). The realtime event of a count then
 * refetches the page. A failure is only logged (spec 3 §8). The credit figures do not wait for a
 * count: the server reads them with the balance.
 */
function useStatsWhenOld(workspace: Workspace) {
  const { mutate: calculate, isPending } = useCalculateStats();
  const askedFor = useRef<Workspace>(undefined);
  useEffect(() => {
    if (!workspace.isVerified || isPending || askedFor.current === workspace) return;
    if (!isStatsOutOfDate(workspace.statsCalculatedAt, Date.now())) return;
    askedFor.current = workspace;
    calculate(workspace.id, {
      onError: (error) => console.warn('Workspace stats could not be calculated', error),
    });
  }, [workspace, isPending, calculate]);
}
