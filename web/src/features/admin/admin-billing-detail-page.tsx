import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ADMIN_DEFAULT_PAGE_SIZE } from '@pactum/core/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList } from '../../ui/detail-list';
import { formatDateTime, formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { SettingsCard } from '../../ui/settings-card';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { TransactionsTable } from '../workspaces';
import { ADMIN_BILLING_PATH, adminUserPath } from './admin-paths';
import { type AdminWorkspaceDetail, useAdminWorkspace } from './api/get-admin-workspace';
import { useAdminTransactions } from './api/list-admin-transactions';
import { CardTable } from './components/card-table';
import { CreditAdjustmentDialog } from './components/credit-adjustment-dialog';
import { DetailState } from './components/detail-state';
import { PagedList } from './components/paged-list';
import { type Review, ReviewDialog } from './components/review-dialog';
import { WorkspaceReviewChip } from './components/workspace-review-chip';
import type { PageParams } from './list-params';

/**
 * `/dashboard/admin/billing/:accountId` (spec 3 §2.7 billing/{accountId}): one workspace for
 * support: its facts, members, card payments and ledger; an order's review and a credit
 * adjustment, each with a reason for the event log.
 */
export function AdminBillingDetailPage() {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const workspace = useAdminWorkspace(accountId);
  useDocumentTitle(workspace.data?.title ?? t('nav.billingAccount'));
  if (!workspace.isSuccess) {
    return (
      <DetailState
        query={workspace}
        notFoundText={t('admin.workspace.notFound')}
        loadFailedText={t('admin.workspace.loadFailed')}
        backTo={ADMIN_BILLING_PATH}
        backText={t('admin.workspace.backToList')}
      />
    );
  }
  return <WorkspaceView workspace={workspace.data} />;
}

function WorkspaceView({ workspace }: { workspace: AdminWorkspaceDetail }) {
  const { t } = useTranslation();
  const [isAdjusting, setIsAdjusting] = useState(false);
  const [review, setReview] = useState<Review>();
  const isWaiting = !workspace.isVerified && !workspace.isRejected;
  return (
    <Stack spacing={3}>
      <PageHeader
        title={workspace.title}
        subtitle={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary">
              {t('admin.workspace.balance')}:{' '}
              <Box component="strong" sx={{ color: 'text.primary' }}>
                {t('workspaces.creditCount', { count: workspace.credits })}
              </Box>
            </Typography>
            <WorkspaceReviewChip {...workspace} />
            {workspace.deletedAt && (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('admin.workspace.deleted')}
              />
            )}
          </Stack>
        }
        actions={
          <Button variant="contained" onClick={() => setIsAdjusting(true)}>
            {t('admin.credits.open')}
          </Button>
        }
      />
      {!workspace.isVerified && (
        <Alert
          severity={workspace.isRejected ? 'error' : 'info'}
          action={
            <Stack direction="row" spacing={1}>
              <Button
                color="inherit"
                size="small"
                onClick={() => setReview({ workspace, action: 'verify' })}
              >
                {t('admin.verify')}
              </Button>
              {isWaiting && (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => setReview({ workspace, action: 'reject' })}
                >
                  {t('admin.reject')}
                </Button>
              )}
            </Stack>
          }
        >
          {workspace.isRejected ? t('admin.workspace.rejected') : t('admin.workspace.waiting')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <FactsCard workspace={workspace} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <MembersCard workspace={workspace} />
        </Grid>
      </Grid>
      <PaymentsCard workspace={workspace} />
      <LedgerCard workspaceId={workspace.id} />
      {isAdjusting && (
        <CreditAdjustmentDialog workspace={workspace} onClose={() => setIsAdjusting(false)} />
      )}
      {review && <ReviewDialog review={review} onClose={() => setReview(undefined)} />}
    </Stack>
  );
}

function FactsCard({ workspace }: { workspace: AdminWorkspaceDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const order = workspace.asyncPayment;
  const { company } = workspace;
  return (
    <SettingsCard title={t('admin.workspace.facts')}>
      <DetailList
        details={[
          { label: t('admin.columns.type'), value: t(`workspaces.type.${workspace.type}`) },
          { label: t('admin.columns.company'), value: company.name || '–' },
          { label: t('admin.workspace.vat'), value: company.vat || '–' },
          {
            label: t('admin.columns.ordered'),
            value: order
              ? t('admin.ordered', {
                  credits: order.credits,
                  total: formatMoney(order.purchaseTotal, order.currency, lang),
                })
              : '–',
          },
          {
            label: t('admin.workspace.seats'),
            value:
              workspace.maxActiveSeats === null
                ? '–'
                : t('admin.workspace.seatsValue', {
                    used: workspace.members.length,
                    max: workspace.maxActiveSeats,
                  }),
          },
          {
            label: t('admin.workspace.pricePerSeat'),
            value: workspace.pricePerSeat === null ? '–' : workspace.pricePerSeat,
          },
          { label: t('admin.columns.created'), value: formatDateTime(workspace.createdAt) },
          ...(workspace.deletedAt
            ? [{ label: t('admin.workspace.deleted'), value: formatDateTime(workspace.deletedAt) }]
            : []),
          { label: t('admin.user.id'), value: workspace.id },
        ]}
      />
    </SettingsCard>
  );
}

function MembersCard({ workspace }: { workspace: AdminWorkspaceDetail }) {
  const { t } = useTranslation();
  return (
    <CardTable
      title={t('admin.workspace.members')}
      isEmpty={workspace.members.length === 0}
      emptyText={t('admin.workspace.noMembers')}
      minWidth={420}
      head={
        <>
          <TableCell>{t('admin.users.columns.name')}</TableCell>
          <TableCell>{t('admin.user.role')}</TableCell>
        </>
      }
    >
      {workspace.members.map((member) => (
        <TableRow key={member.id}>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={adminUserPath(member.id)}>
              {member.name || member.email}
            </Link>
            <Typography variant="caption" color="text.secondary" component="div">
              {member.email}
            </Typography>
          </TableCell>
          <TableCell>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{t(`workspaces.roles.${member.role}`)}</span>
              {member.disabledAt && (
                <Chip size="small" color="error" label={t('admin.users.disabled')} />
              )}
            </Stack>
          </TableCell>
        </TableRow>
      ))}
    </CardTable>
  );
}

function PaymentsCard({ workspace }: { workspace: AdminWorkspaceDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <CardTable
      title={t('admin.workspace.payments')}
      isEmpty={workspace.payments.length === 0}
      emptyText={t('admin.workspace.noPayments')}
      minWidth={720}
      head={
        <>
          <TableCell>{t('workspaces.transactions.date')}</TableCell>
          <TableCell>{t('admin.columns.status')}</TableCell>
          <TableCell align="right">{t('admin.columns.credits')}</TableCell>
          <TableCell align="right">{t('workspaces.transactions.total')}</TableCell>
          <TableCell>{t('admin.workspace.provider')}</TableCell>
          <TableCell>{t('admin.workspace.credited')}</TableCell>
        </>
      }
    >
      {workspace.payments.map((payment) => (
        <TableRow key={payment.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(payment.createdAt)}</TableCell>
          <TableCell>
            {t(`admin.paymentStatus.${payment.status}`)}
            {payment.errorCode && (
              <Typography variant="caption" color="error" component="div">
                {payment.errorCode}
              </Typography>
            )}
          </TableCell>
          <TableCell align="right">{payment.credits}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatMoney(payment.purchaseTotal, payment.currency, lang)}
          </TableCell>
          <TableCell>{payment.provider}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {payment.creditedAt ? formatDateTime(payment.creditedAt) : '–'}
          </TableCell>
        </TableRow>
      ))}
    </CardTable>
  );
}

function LedgerCard({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<PageParams>({
    page: 1,
    pageSize: ADMIN_DEFAULT_PAGE_SIZE,
  });
  const ledger = useAdminTransactions(workspaceId, paging);
  return (
    <SettingsCard title={t('admin.workspace.ledger')}>
      <PagedList
        query={ledger}
        paging={paging}
        onPage={setPaging}
        emptyText={t('workspaces.transactions.empty')}
        loadFailedText={t('admin.workspace.ledgerFailed')}
        skeletonRows={4}
      >
        {(rows) => (
          <TransactionsTable rows={rows} label={t('admin.workspace.ledger')} minWidth={760} />
        )}
      </PagedList>
    </SettingsCard>
  );
}
