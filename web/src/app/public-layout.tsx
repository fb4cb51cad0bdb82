import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { PublicLanguageSelect } from './public-language-select';

/**
 * The frame of pages seen without signing in: a light app bar and centred content. Drawn by
 * the plain kit; the pages in it that use MUI sit under `ThemedOutlet` (app/mui-theme.tsx).
 */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="pl-page">
      <header className="pl-bar">
        <RouterLink to="/" className="pl-brand" aria-label={t('app.homeLink')}>
          <img src="/favicon.svg" alt="" />
          {t('app.name')}
        </RouterLink>
        <span style={{ flexGrow: 1 }} />
        <PublicLanguageSelect />
      </header>
      <main className="pl-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
