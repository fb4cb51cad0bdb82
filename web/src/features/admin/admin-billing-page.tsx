import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime, formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useMe } from '../auth/api/get-me';
import { type AdminWorkspace, useAdminWorkspaces } from './api/list-admin-workspaces';
import { useRejectWorkspace } from './api/reject-workspace';
import { useVerifyWorkspace } from './api/verify-workspace';

type Decision = { workspace: AdminWorkspace; action: 'verify' | 'reject' };

/**
 * `/dashboard/admin/billing` (spec 3 §2.7 admin-billing-list): every workspace, those waiting
 * for review first; a product admin verifies or rejects an order after a confirmation. The
 * menu shows Admin only to admins; the server decides who really is one.
 */
export function AdminBillingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const isAdmin = useMe().data?.isAdmin === true;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <PageHeader title={t('admin.title')} />
      {isAdmin ? <BillingList /> : <Alert severity="warning">{t('admin.notAllowed')}</Alert>}
    </Stack>
  );
}

function StatusChip({ workspace }: { workspace: AdminWorkspace }) {
  const { t } = useTranslation();
  if (workspace.isRejected)
    return <Chip size="small" color="error" label={t('admin.status.rejected')} />;
  if (!workspace.isVerified)
    return <Chip size="small" color="warning" label={t('admin.status.waiting')} />;
  return (
    <Chip size="small" color="success" variant="outlined" label={t('admin.status.verified')} />
  );
}

function BillingList() {
  const { t } = useTranslation();
  const lang = useLang();
  const workspaces = useAdminWorkspaces();
  const verify = useVerifyWorkspace();
  const reject = useRejectWorkspace();
  const [decision, setDecision] = useState<Decision>();
  const decide = () => {
    if (!decision) return;
    const { workspace, action } = decision;
    setDecision(undefined);
    const mutation = action === 'verify' ? verify : reject;
    mutation.mutate(workspace.id, {
      onSuccess: () =>
        action === 'verify'
          ? toast.success(t('admin.verified', { title: workspace.title }))
          : toast.warning(t('admin.rejected', { title: workspace.title })),
    });
  };
  if (workspaces.isPending) return <Skeleton variant="rounded" height={240} />;
  if (workspaces.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ErrorAlert error={workspaces.error} fallback={t('admin.loadFailed')} />
        <Button variant="outlined" onClick={() => workspaces.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    );
  }
  if (workspaces.data.length === 0) {
    return <Typography color="text.secondary">{t('admin.empty')}</Typography>;
  }
  const isBusy = verify.isPending || reject.isPending;
  return (
    <>
      <ErrorAlert error={verify.error ?? reject.error} />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('admin.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.columns.name')}</TableCell>
              <TableCell>{t('admin.columns.type')}</TableCell>
              <TableCell>{t('admin.columns.company')}</TableCell>
              <TableCell align="right">{t('admin.columns.credits')}</TableCell>
              <TableCell>{t('admin.columns.ordered')}</TableCell>
              <TableCell>{t('admin.columns.status')}</TableCell>
              <TableCell>{t('admin.columns.created')}</TableCell>
              <TableCell align="right">{t('admin.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {workspaces.data.map((workspace) => {
              const order = workspace.asyncPayment;
              const isWaiting = !workspace.isVerified && !workspace.isRejected;
              return (
                <TableRow key={workspace.id}>
                  <TableCell sx={{ fontWeight: 500 }}>{workspace.title}</TableCell>
                  <TableCell>{t(`workspaces.type.${workspace.type}`)}</TableCell>
                  <TableCell>
                    {[workspace.company.name, workspace.company.vat].filter(Boolean).join(', ') ||
                      '–'}
                  </TableCell>
                  <TableCell align="right">{workspace.credits}</TableCell>
                  <TableCell>
                    {order
                      ? t('admin.ordered', {
                          credits: order.credits,
                          total: formatMoney(order.purchaseTotal, order.currency, lang),
                        })
                      : '–'}
                  </TableCell>
                  <TableCell>
                    <StatusChip workspace={workspace} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(workspace.createdAt)}
                  </TableCell>
                  <TableCell align="right">
                    {!workspace.isVerified && (
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          size="small"
                          variant="contained"
                          disabled={isBusy}
                          aria-label={t('admin.verifyLabel', { title: workspace.title })}
                          onClick={() => setDecision({ workspace, action: 'verify' })}
                        >
                          {t('admin.verify')}
                        </Button>
                        {isWaiting && (
                          <Button
                            size="small"
                            color="error"
                            disabled={isBusy}
                            aria-label={t('admin.rejectLabel', { title: workspace.title })}
                            onClick={() => setDecision({ workspace, action: 'reject' })}
                          >
                            {t('admin.reject')}
                          </Button>
                        )}
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        isOpen={decision !== undefined}
        title={
          decision?.action === 'reject'
            ? t('admin.rejectTitle', { title: decision.workspace.title })
            : t('admin.verifyTitle', { title: decision?.workspace.title ?? '' })
        }
        text={decision?.action === 'reject' ? t('admin.rejectText') : t('admin.verifyText')}
        confirmLabel={decision?.action === 'reject' ? t('admin.reject') : t('admin.verify')}
        onConfirm={decide}
        onCancel={() => setDecision(undefined)}
      />
    </>
  );
}
