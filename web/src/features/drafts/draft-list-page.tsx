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
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type DraftRow, useDrafts } from './api/list-drafts';
import { draftPath, TEMPLATE_LIST_PATH } from './paths';
import { useDraftText } from './use-draft-text';

/**
 * `drafts/list` (draft-list): the user's unsent drafts, newest first, up to 1000 rows without
 * paging (the server sorts and limits; spec 2 §2.2).
 */
export function DraftListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('drafts.list.title'));
  const drafts = useDrafts();
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
      ) : drafts.data.length === 0 ? (
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
        <DraftTable drafts={drafts.data} />
      )}
    </Stack>
  );
}

function DraftTable({ drafts }: { drafts: DraftRow[] }) {
  const { t } = useTranslation();
  const text = useDraftText();
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
          {drafts.map((draft) => (
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
    </TableContainer>
  );
}
