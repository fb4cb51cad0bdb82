import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type DealGroup, dealPageSizes } from '@pactum/core/deals';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useTablePaginationLabels } from '../../ui/use-table-pagination-labels';
import { ArchivedLink } from '../archive';
import { dealListPath, dealLoadPath, dealSignPath } from '../documents';
import { useDealList } from './api/list-deals';
import { ProgressBar } from './components/deal-progress';
import type { DealCard } from './types';

function pageSizeOf(value: string | null): number {
  const size = Number(value);
  return (dealPageSizes as readonly number[]).includes(size) ? size : dealPageSizes[0];
}

function StatusText({ deal }: { deal: DealCard }) {
  const { t } = useTranslation();
  if (deal.state === 'signed') {
    return (
      <>
        {t('deals.lists.status_signed', {
          time: deal.signedAt ? formatDateTime(deal.signedAt) : '',
        })}
      </>
    );
  }
  return <>{t(`deals.lists.status_${deal.state}`)}</>;
}

/**
 * A deal list of one group (docs-nego-list, docs-sign-list, docs-waiting-list, docs-signed-list,
 * docs-trash-list, docs-archived-list): 10, 25 or 50 a page, the page number in the query
 * string. A signed deal's row links to the caller's archived copy once it is filed.
 */
export function DealListPage({ group }: { group: DealGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const pageSize = pageSizeOf(search.get('pageSize'));
  const list = useDealList(group, page, pageSize);
  const paginationLabels = useTablePaginationLabels();
  const title = t(`deals.lists.${group}`);
  useDocumentTitle(title);
  const isSigning = group === 'sign' || group === 'waiting';

  return (
    <Stack spacing={2} sx={{ maxWidth: 1280 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {isSigning ? t('deals.lists.tabsLabel') : title}
      </Typography>
      {isSigning && (
        <Tabs
          value={group}
          onChange={(_, value: DealGroup) => navigate(dealListPath(value))}
          aria-label={t('deals.lists.tabsLabel')}
        >
          <Tab value="sign" label={t('deals.lists.sign')} />
          <Tab value="waiting" label={t('deals.lists.waiting')} />
        </Tabs>
      )}
      {list.isError ? (
        <ErrorAlert error={list.error} fallback={t('deals.lists.loadFailed')} />
      ) : list.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : list.data.deals.length === 0 ? (
        <Alert severity="info">{t('deals.lists.empty')}</Alert>
      ) : (
        <Card variant="outlined">
          <Box sx={{ overflowX: 'auto' }}>
            <Table aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('deals.lists.title')}</TableCell>
                  <TableCell>{t('deals.lists.parties')}</TableCell>
                  <TableCell>{t('deals.lists.contractId')}</TableCell>
                  <TableCell>{t('deals.lists.status')}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>{t('deals.lists.progress')}</TableCell>
                  <TableCell>{t('deals.lists.created')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.deals.map((deal) => (
                  <TableRow key={deal.id} hover>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        // A named signer outside both parties reaches only the signing view.
                        to={deal.myParty ? dealLoadPath(deal.id) : dealSignPath(deal.id)}
                      >
                        {deal.title}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {deal.senderName} – {deal.receiverName}
                    </TableCell>
                    <TableCell>{deal.contractUid}</TableCell>
                    <TableCell>
                      <StatusText deal={deal} />
                      {deal.declined && (
                        <Chip
                          size="small"
                          color="warning"
                          variant="outlined"
                          label={t('signing.decline.chip')}
                          title={`${deal.declined.by}: ${deal.declined.reason}`}
                          sx={{ ml: 1 }}
                        />
                      )}
                      {deal.state === 'signed' && (
                        <Box component="span" sx={{ display: 'block' }}>
                          <ArchivedLink dealId={deal.id} dealTitle={deal.title} />
                        </Box>
                      )}
                    </TableCell>
                    <TableCell>
                      <ProgressBar
                        progress={deal.progress}
                        colour={deal.progressColour}
                        label={t('deals.counts.progress', { percent: deal.progress })}
                      />
                    </TableCell>
                    <TableCell>{formatDateTime(deal.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <TablePagination
            component="div"
            count={list.data.total}
            page={page - 1}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...dealPageSizes]}
            onPageChange={(_, next) =>
              setSearch({ page: String(next + 1), pageSize: String(pageSize) })
            }
            onRowsPerPageChange={(event) => setSearch({ page: '1', pageSize: event.target.value })}
            {...paginationLabels}
          />
        </Card>
      )}
    </Stack>
  );
}
