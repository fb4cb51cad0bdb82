import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { adminWorkspacePath } from './admin-paths';
import { type AdminWorkspace, useAdminWorkspaces } from './api/list-admin-workspaces';
import { ListSearchField } from './components/list-search-field';
import { ListTable } from './components/list-table';
import { PagedList } from './components/paged-list';
import { type Review, ReviewDialog } from './components/review-dialog';
import { WorkspaceReviewChip } from './components/workspace-review-chip';
import { readSearchListParams } from './list-params';
import { useListAddress } from './use-list-address';

/**
 * `/dashboard/admin/billing` (spec 3 §2.7 admin-billing-list): the workspaces, those waiting
 * for review first, searched by title, company, VAT id or id (`?q=`), a page at a time. A
 * product admin verifies or rejects an order after a confirmation; a row's title opens the
 * workspace's billing page.
 */
export function AdminBillingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const [params, update] = useListAddress(readSearchListParams);
  const workspaces = useAdminWorkspaces(params);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const [review, setReview] = useState<Review>();
  return (
    <Stack spacing={2}>
      <PageHeader title={t('admin.title')} />
      <ListSearchField
        label={t('admin.search')}
        helperText={t('admin.searchHint')}
        value={params.q}
        onSearch={onSearch}
      />
      <PagedList
        query={workspaces}
        paging={params}
        onPage={update}
        emptyText={params.q ? t('admin.noMatch', { q: params.q }) : t('admin.empty')}
        loadFailedText={t('admin.loadFailed')}
      >
        {(rows) => (
          <ListTable
            label={t('admin.title')}
            minWidth={960}
            head={
              <>
                <TableCell>{t('admin.columns.name')}</TableCell>
                <TableCell>{t('admin.columns.type')}</TableCell>
                <TableCell>{t('admin.columns.company')}</TableCell>
                <TableCell align="right">{t('admin.columns.credits')}</TableCell>
                <TableCell>{t('admin.columns.ordered')}</TableCell>
                <TableCell>{t('admin.columns.status')}</TableCell>
                <TableCell>{t('admin.columns.created')}</TableCell>
                <TableCell align="right">{t('admin.columns.actions')}</TableCell>
              </>
            }
          >
            {rows.map((workspace) => (
              <WorkspaceRow
                key={workspace.id}
                workspace={workspace}
                onReview={(action) => setReview({ workspace, action })}
              />
            ))}
          </ListTable>
        )}
      </PagedList>
      {review && <ReviewDialog review={review} onClose={() => setReview(undefined)} />}
    </Stack>
  );
}

type WorkspaceRowProps = {
  workspace: AdminWorkspace;
  onReview: (action: Review['action']) => void;
};

function WorkspaceRow({ workspace, onReview }: WorkspaceRowProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const order = workspace.asyncPayment;
  const isWaiting = !workspace.isVerified && !workspace.isRejected;
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 500 }}>
        <Link component={RouterLink} to={adminWorkspacePath(workspace.id)} underline="hover">
          {workspace.title}
        </Link>
      </TableCell>
      <TableCell>{t(`workspaces.type.${workspace.type}`)}</TableCell>
      <TableCell>
        {[workspace.company.name, workspace.company.vat].filter(Boolean).join(', ') || '–'}
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
        <WorkspaceReviewChip {...workspace} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(workspace.createdAt)}</TableCell>
      <TableCell align="right">
        {!workspace.isVerified && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              variant="contained"
              aria-label={t('admin.verifyLabel', { title: workspace.title })}
              onClick={() => onReview('verify')}
            >
              {t('admin.verify')}
            </Button>
            {isWaiting && (
              <Button
                size="small"
                color="error"
                aria-label={t('admin.rejectLabel', { title: workspace.title })}
                onClick={() => onReview('reject')}
              >
                {t('admin.reject')}
              </Button>
            )}
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}
