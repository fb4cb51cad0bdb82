import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Whether a workspace is verified, waiting for review or rejected. */
export function WorkspaceReviewChip({
  isVerified,
  isRejected,
}: {
  isVerified: boolean;
  isRejected: boolean;
}) {
  const { t } = useTranslation();
  if (isRejected) return <Chip size="small" color="error" label={t('admin.status.rejected')} />;
  if (!isVerified) return <Chip size="small" color="warning" label={t('admin.status.waiting')} />;
  return (
    <Chip size="small" color="success" variant="outlined" label={t('admin.status.verified')} />
  );
}
