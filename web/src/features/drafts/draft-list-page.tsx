import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DRAFT_PAGE_SIZES } from '@pactum/core/api/drafts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useTablePaginationLabels } from '../../ui/use-table-pagination-labels';
import { draftPath, TEMPLATE_LIST_PATH } from '../documents';
import { type DraftList, useDrafts } from './api/list-drafts';
import { draftPageOf, draftPageSizeOf, lastDraftPage } from './draft-list-params';
import { useDraftText } from './use-draft-text';

/**
 * `drafts/list` (draft-list): the user's unsent drafts, newest first, a page at a time (the
 * server sorts and pages; spec 2 §2.2 listed up to 1000 rows at once). The page and its size
 * are in the address, as in the deal lists.
 */
export function DraftListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('drafts.list.title'));
  const [search, setSearch] = useSearchParams();
  const page = draftPageOf(search.get('page'));
  const pageSize = draftPageSizeOf(search.get('pageSize'));
  const drafts = useDrafts(page, pageSize);
  const setPage = (next: { page: number; pageSize: number }) =>
    setSearch({ page: String(next.page), pageSize: String(next.pageSize) });
  // A page past the end (its last drafts were sent or deleted) moves to the last page.
  const lastPage = drafts.data ? lastDraftPage(drafts.data.total, pageSize) : page;
  const isPastEnd = !drafts.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (isPastEnd) {
      setSearch({ page: String(lastPage), pageSize: String(pageSize) }, { replace: true });
    }
  }, [isPastEnd, lastPage, pageSize, setSearch]);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={t('drafts.list.title')}
        actions={
          <Button variant="outlined" component={RouterLink} to={TEMPLATE_LIST_PATH}>
            {t('drafts.list.fromTemplate')}
          </Button>
        }
      />
      {drafts.isPending ? (
        <Skeleton variant="rounded" height={240} aria-label={t('drafts.list.loading')} />
      ) : drafts.isError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorAlert error={drafts.error} fallback={t('drafts.list.loadFailed')} />
          <Button variant="outlined" onClick={() => drafts.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      ) : drafts.data.total === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="h6" component="p">
              {t('drafts.list.empty')}
            </Typography>
            <Typography color="text.secondary">{t('drafts.list.emptyText')}</Typography>
            <Button variant="contained" component={RouterLink} to={TEMPLATE_LIST_PATH}>
              {t('drafts.list.showTemplates')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <DraftTable list={drafts.data} onPageChange={setPage} />
      )}
    </Stack>
  );
}

function DraftTable({
  list,
  onPageChange,
}: {
  list: DraftList;
  onPageChange: (next: { page: number; pageSize: number }) => void;
}) {
  const { t } = useTranslation();
  const text = useDraftText();
  const paginationLabels = useTablePaginationLabels();
  const partyName = (name: string | null) =>
    name?.trim() ? (
      name
    ) : (
      <Typography component="span" variant="body2" color="text.secondary">
        {text('notSet')}
      </Typography>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('drafts.list.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('drafts.list.columns.title')}</TableCell>
            <TableCell>{t('drafts.list.columns.sender')}</TableCell>
            <TableCell>{t('drafts.list.columns.receiver')}</TableCell>
            <TableCell>{t('drafts.list.columns.createdBy')}</TableCell>
            <TableCell>{t('drafts.list.columns.createdAt')}</TableCell>
            <TableCell>{t('drafts.list.columns.tags')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.drafts.map((draft) => (
            <TableRow key={draft.id} hover>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={draftPath(draft.id, 'edit')}
                  sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                >
                  {draft.title}
                </Link>
              </TableCell>
              <TableCell>{partyName(draft.senderName)}</TableCell>
              <TableCell>{partyName(draft.receiverName)}</TableCell>
              <TableCell>{draft.createdBy.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(draft.createdAt)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {draft.tags.map((tag) => (
                    <Chip key={tag.id} label={tag.tag} size="small" />
                  ))}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={list.total}
        page={list.page - 1}
        rowsPerPage={list.pageSize}
        rowsPerPageOptions={[...DRAFT_PAGE_SIZES]}
        onPageChange={(_, next) => onPageChange({ page: next + 1, pageSize: list.pageSize })}
        onRowsPerPageChange={(event) =>
          onPageChange({ page: 1, pageSize: Number(event.target.value) })
        }
        {...paginationLabels}
      />
    </TableContainer>
  );
}
