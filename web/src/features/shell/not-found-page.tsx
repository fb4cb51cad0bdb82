import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../ui/page-card';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The fallback for every path that is no page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <PageCard title={t('notFound.title')}>
      <Typography color="text.secondary">{t('notFound.description')}</Typography>
      <Button variant="contained" component={Link} to="/">
        {t('common.backToStart')}
      </Button>
    </PageCard>
  );
}
