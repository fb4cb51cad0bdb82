import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../ui/page-card';
import { useDocumentTitle } from '../../ui/use-document-title';

/** `/wip-page`: a public page for trying out parts still being built. */
export function WipPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('wip.title'));
  return (
    <PageCard title={t('wip.title')}>
      <Typography color="text.secondary">{t('wip.description')}</Typography>
    </PageCard>
  );
}
