import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { ArchiveItemDetail } from '../types';

/**
 * A group change still running through the folder's items (spec 1 §4: it applies to the folder
 * and everything under it); the folder page refetches until it is done.
 */
export function PermissionProgress({ change }: { change: ArchiveItemDetail['permissionChange'] }) {
  const { t } = useTranslation();
  if (change?.state !== 'running') return null;
  const percent = change.total > 0 ? Math.round((change.done / change.total) * 100) : 0;
  return (
    <Alert severity="info" icon={false}>
      <Stack spacing={1}>
        {t('archive.permissions.running', { done: change.done, total: change.total })}
        <LinearProgress
          variant={change.total > 0 ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label={t('archive.permissions.label')}
        />
      </Stack>
    </Alert>
  );
}
