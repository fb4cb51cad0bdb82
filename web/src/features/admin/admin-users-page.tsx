import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { adminUserPath } from './admin-paths';
import { type AdminUserRow, useAdminUsers } from './api/list-admin-users';
import { UserFlagChips, VerifiedChip } from './components/admin-chips';
import { ListSearchField } from './components/list-search-field';
import { ListTable } from './components/list-table';
import { PagedList } from './components/paged-list';
import { readSearchListParams } from './list-params';
import { useListAddress } from './use-list-address';

/**
 * `/dashboard/admin/users`: every user, searched by e-mail, name or id (`?q=`), a page at a
 * time. A row opens the user's page.
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.users.title'));
  const [params, update] = useListAddress(readSearchListParams);
  const users = useAdminUsers(params);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  return (
    <Stack spacing={2}>
      <PageHeader title={t('admin.users.title')} />
      <ListSearchField
        label={t('admin.users.search')}
        helperText={t('admin.users.searchHint')}
        value={params.q}
        onSearch={onSearch}
      />
      <PagedList
        query={users}
        paging={params}
        onPage={update}
        emptyText={params.q ? t('admin.users.noMatch', { q: params.q }) : t('admin.users.empty')}
        loadFailedText={t('admin.users.loadFailed')}
      >
        {(rows) => (
          <ListTable
            label={t('admin.users.title')}
            minWidth={960}
            head={
              <>
                <TableCell>{t('admin.users.columns.name')}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{t('admin.users.columns.email')}</TableCell>
                <TableCell>{t('admin.users.columns.provider')}</TableCell>
                <TableCell>{t('admin.users.columns.created')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t('admin.users.columns.lastSignIn')}
                </TableCell>
                <TableCell>{t('admin.users.columns.workspaces')}</TableCell>
                <TableCell>{t('admin.users.columns.status')}</TableCell>
              </>
            }
          >
            {rows.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ListTable>
        )}
      </PagedList>
    </Stack>
  );
}

function UserRow({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = adminUserPath(user.id);
  const more = user.workspaceCount - user.workspaces.length;
  return (
    <TableRow hover onClick={() => navigate(path)} sx={{ cursor: 'pointer' }}>
      <TableCell sx={{ fontWeight: 500 }}>
        <Link
          component={RouterLink}
          to={path}
          underline="hover"
          onClick={(event) => event.stopPropagation()}
        >
          {user.name || user.email}
        </Link>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <span>{user.email}</span>
          <VerifiedChip isVerified={user.emailVerified} />
        </Stack>
      </TableCell>
      <TableCell>{t(`admin.providers.${user.provider}`)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('admin.users.never')}
      </TableCell>
      <TableCell>
        {user.workspaceCount === 0 ? (
          '–'
        ) : (
          <Typography variant="body2" component="span">
            {user.workspaces.map((workspace) => workspace.title).join(', ')}
            {more > 0 && ` ${t('admin.users.moreWorkspaces', { count: more })}`}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <UserFlagChips isAdmin={user.isAdmin} disabledAt={user.disabledAt} />
      </TableCell>
    </TableRow>
  );
}
