import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../app/http';
import { ErrorAlert } from '../../../ui/error-alert';
import type { Loadable } from './list-status';

type DetailStateProps = {
  /** The page's query while it is not there yet: pending or failed. */
  query: Loadable;
  /** Said when the server answers 404. */
  notFoundText: string;
  loadFailedText: string;
  /** The list the page belongs to, and the button's text back to it. */
  backTo: string;
  backText: string;
};

/**
 * An admin detail page before its data: skeletons while it loads; when it fails, 'not found'
 * (404) or the error with 'Try again', and a way back to the list.
 */
export function DetailState({
  query,
  notFoundText,
  loadFailedText,
  backTo,
  backText,
}: DetailStateProps) {
  const { t } = useTranslation();
  if (!query.isError) {
    return (
      <Stack spacing={3} role="status" aria-label={t('admin.list.loading')}>
        <Skeleton variant="text" width={320} height={56} />
        <Skeleton variant="rounded" height={200} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  const isMissing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {isMissing ? (
        <Alert severity="warning">{notFoundText}</Alert>
      ) : (
        <ErrorAlert error={query.error} fallback={loadFailedText} />
      )}
      <Stack direction="row" spacing={1}>
        {!isMissing && (
          <Button variant="contained" onClick={() => query.refetch()}>
            {t('common.tryAgain')}
          </Button>
        )}
        <Button variant="outlined" component={RouterLink} to={backTo}>
          {backText}
        </Button>
      </Stack>
    </Stack>
  );
}
