import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useMatch } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useMe } from '../auth';
import { ADMIN_BILLING_PATH, ADMIN_PATH } from './admin-paths';
import { AdminNav } from './components/admin-nav';

/**
 * The frame of every `/dashboard/admin/*` page: the area's sections above the page. The menu
 * shows Admin only to product admins and the server answers everyone else 403; anyone else who
 * opens an admin address is told so, and the page (with its requests) is not mounted.
 */
export function AdminLayout() {
  const isAdmin = useMe().data?.isAdmin === true;
  const isAreaRoot = useMatch(ADMIN_PATH) !== null;
  // /admin is the billing list for everyone, so the address says which page is refused.
  if (isAreaRoot) return <Navigate to={ADMIN_BILLING_PATH} replace />;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, minWidth: 0 }}>
      {isAdmin ? (
        <>
          <AdminNav />
          <Outlet />
        </>
      ) : (
        <NotAllowed />
      )}
    </Stack>
  );
}

function NotAllowed() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.admin'));
  return (
    <>
      <PageHeader title={t('nav.admin')} />
      <Alert severity="warning">{t('admin.notAllowed')}</Alert>
    </>
  );
}
