import CircularProgress from '@mui/material/CircularProgress';
import Fade from '@mui/material/Fade';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code loads; appears only after a short wait to avoid a flash. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Fade in style={{ transitionDelay: '300ms' }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Fade>
  );
}
