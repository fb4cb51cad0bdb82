import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';

/** What a list or page needs to know of its query. */
export type Loadable = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type ListStatusProps = {
  query: Loadable;
  /** The data has no rows. */
  isEmpty: boolean;
  emptyText: string;
  loadFailedText: string;
  /** Skeleton rows while the first page loads. */
  rows?: number;
  children: ReactNode;
};

/**
 * An admin list's states around its table: skeleton rows while the first page loads, the
 * error with 'Try again', the empty text, or the table.
 */
export function ListStatus({
  query,
  isEmpty,
  emptyText,
  loadFailedText,
  rows = 6,
  children,
}: ListStatusProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack spacing={1} role="status" aria-label={t('admin.list.loading')}>
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} variant="rounded" height={36} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ErrorAlert error={query.error} fallback={loadFailedText} />
        <Button variant="outlined" onClick={() => query.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    );
  }
  if (isEmpty) {
    return (
      <Typography role="status" color="text.secondary" sx={{ py: 2 }}>
        {emptyText}
      </Typography>
    );
  }
  return children;
}
