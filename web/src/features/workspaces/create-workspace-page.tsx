import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useMe } from '../auth';
import { OrderForm } from './components/order-form';

/** `/dashboard/account/workspace/create`: orders a workspace. */
export function CreateWorkspacePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('workspaces.create.title'));
  const me = useMe().data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <PageHeader title={t('workspaces.create.title')} />
      {me ? <OrderForm me={me} /> : <Skeleton variant="rounded" height={480} />}
    </Stack>
  );
}
