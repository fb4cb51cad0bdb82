import { useTranslation } from 'react-i18next';
import { Spinner } from './plain/plain-spinner';

/** Shown while a page's code loads; appears only after a short wait to avoid a flash. */
export function PageLoader() {
  const { t } = useTranslation();
  return <Spinner label={t('app.loading')} isDelayed />;
}
