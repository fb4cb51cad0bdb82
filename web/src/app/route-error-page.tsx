import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PageCard } from '../ui/page-card';
import { PlainButton } from '../ui/plain/plain-button';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * Shown when a page fails to render or its code fails to load (e.g. an old tab after an
 * upgrade asks for a chunk that no longer exists); reloading fixes the latter. Drawn by the
 * plain kit, so it shows even when no lazy chunk can load.
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
      <p className="pl-secondary">{t('routeError.description')}</p>
      <PlainButton variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </PlainButton>
    </PageCard>
  );
}
