import ArrowForward from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../ui/error-alert';

type HomeWidgetProps = {
  title: string;
  /** The widget's full list, linked beside its title (an arrow, so the title keeps its line). */
  listPath?: string;
  children: ReactNode;
};

/** One card of the dashboard home: its title, the link to its full list and its content. */
export function HomeWidget({ title, listPath, children }: HomeWidgetProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32, mb: 1 }}
        >
          <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {listPath && (
            <Tooltip title={t('dashboardHome.openList')}>
              <IconButton
                component={RouterLink}
                to={listPath}
                size="small"
                color="primary"
                aria-label={t('dashboardHome.openListOf', { title })}
                sx={{ flexShrink: 0, mr: -0.5 }}
              >
                <ArrowForward fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

type WidgetBodyProps<T> = {
  /** The widget's query: a skeleton while it loads, an error line if it fails. */
  query: UseQueryResult<T>;
  /** The widget's title, naming its loading state. */
  title: string;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** The text of a failure the server did not name. */
  errorText?: string;
  /** Shown under the empty text (e.g. an action). */
  emptyAction?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * A widget's content by its query's state. A failed widget shows its own error line with a way
 * to try again, and the rest of the page goes on working.
 */
export function WidgetBody<T>({
  query,
  title,
  isEmpty,
  emptyText,
  errorText,
  emptyAction,
  children,
}: WidgetBodyProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack role="progressbar" aria-label={t('dashboardHome.loading', { title })} spacing={0.5}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="text" height={40} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorAlert
        error={query.error}
        fallback={errorText ?? t('dashboardHome.loadFailed')}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (isEmpty(query.data)) {
    return (
      <>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {emptyText}
        </Typography>
        {emptyAction}
      </>
    );
  }
  return children(query.data);
}
