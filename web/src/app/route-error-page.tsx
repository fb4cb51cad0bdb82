import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PageCard } from '../ui/page-card';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * Shown when a page fails to render or its code fails to load (e.g. an old tab after an
 * upgrade asks for a chunk that no longer exists); reloading fixes the latter.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('routeError.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <PageCard title={t('routeError.title')}>
      <Typography color="text.secondary">{t('routeError.description')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </PageCard>
  );
}
