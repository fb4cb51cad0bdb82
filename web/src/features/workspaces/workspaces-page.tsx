import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
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
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useCalculateStats } from './api/calculate-stats';
import { useWorkspaces } from './api/list-workspaces';
import { WorkspaceStatusChip } from './components/workspace-status-chip';
import { WorkspaceTypeIcon } from './components/workspace-type-icon';
import type { WorkspaceSummary } from './types';
import { workspacePath } from './workspace-paths';

const CREATE_PATH = '/dashboard/account/workspace/create';

/** `/dashboard/account/workspace`: the user's workspaces. */
export function WorkspacesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('workspaces.title'));
  const workspaces = useWorkspaces();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <PageHeader
        title={t('workspaces.title')}
        actions={
          <Button variant="contained" component={RouterLink} to={CREATE_PATH} startIcon={<Add />}>
            {t('workspaces.order')}
          </Button>
        }
      />
      {workspaces.isPending ? (
        <Skeleton variant="rounded" height={220} />
      ) : workspaces.isError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorAlert error={workspaces.error} fallback={t('workspaces.loadFailed')} />
          <Button variant="outlined" onClick={() => workspaces.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      ) : workspaces.data.length === 0 ? (
        <NoWorkspaces />
      ) : (
        <WorkspaceTable workspaces={workspaces.data} />
      )}
    </Stack>
  );
}

function NoWorkspaces() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="p">
          {t('workspaces.empty')}
        </Typography>
        <Typography color="text.secondary">{t('workspaces.emptyText')}</Typography>
        <Button variant="outlined" component={RouterLink} to={CREATE_PATH}>
          {t('workspaces.orderFirst')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The list: a row (or its name, a link) counts the workspace's stats and then opens it
 * (spec 3 §2.5). A failed count is told, and the workspace opens anyway.
 */
function WorkspaceTable({ workspaces }: { workspaces: WorkspaceSummary[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stats = useCalculateStats();
  const [openingId, setOpeningId] = useState<string>();

  const open = (workspace: WorkspaceSummary) => {
    if (openingId) return;
    setOpeningId(workspace.id);
    stats.mutate(workspace.id, {
      onSuccess: ({ isSkipped }) =>
        isSkipped
          ? toast.info(t('workspaces.stats.skipped'))
          : toast.success(t('workspaces.stats.calculated')),
      onError: () => toast.error(t('workspaces.stats.failed')),
      onSettled: () => navigate(workspacePath(workspace.id)),
    });
  };
  const onLinkClick = (event: MouseEvent, workspace: WorkspaceSummary) => {
    event.stopPropagation();
    // A new tab or window opens the page without counting.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open(workspace);
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{t('workspaces.columns.type')}</TableCell>
            <TableCell>{t('workspaces.columns.name')}</TableCell>
            <TableCell align="right">{t('workspaces.columns.credits')}</TableCell>
            <TableCell>{t('workspaces.columns.created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {workspaces.map((workspace) => (
            <TableRow
              key={workspace.id}
              hover
              onClick={() => open(workspace)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>
                <WorkspaceTypeIcon type={workspace.type} />
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Link
                    component={RouterLink}
                    to={workspacePath(workspace.id)}
                    onClick={(event) => onLinkClick(event, workspace)}
                    sx={{ fontWeight: 500 }}
                  >
                    {workspace.title}
                  </Link>
                  <WorkspaceStatusChip {...workspace} />
                  {openingId === workspace.id && (
                    <CircularProgress
                      size={16}
                      aria-label={t('workspaces.opening', { title: workspace.title })}
                    />
                  )}
                </Stack>
              </TableCell>
              <TableCell align="right">{workspace.credits}</TableCell>
              <TableCell>{formatDateTime(workspace.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
