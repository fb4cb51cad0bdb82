import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../ui/page-card';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The public start page: what Pactum is and the way to sign in. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  return (
    <PageCard title={t('app.name')}>
      <Typography color="text.secondary">{t('home.description')}</Typography>
      <Button variant="contained" size="large" component={Link} to="/login">
        {t('home.signIn')}
      </Button>
    </PageCard>
  );
}
