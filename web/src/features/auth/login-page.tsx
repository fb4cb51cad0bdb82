import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../ui/page-card';
import { useDocumentTitle } from '../../ui/use-document-title';

/** Sign-in page; for now it only says that signing in is coming. */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  return (
    <PageCard title={t('login.title')}>
      <Typography color="text.secondary">{t('login.comingSoon')}</Typography>
      <Button variant="outlined" component={Link} to="/">
        {t('common.backToStart')}
      </Button>
    </PageCard>
  );
}
