import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useCrumbs } from './route-handle';

/** Areas of the dashboard not built yet: their routes exist and say so. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const title = useCrumbs().at(-1)?.label ?? t('shell.comingSoon');
  useDocumentTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="subtitle1" color="primary" sx={{ mt: 1, fontWeight: 600 }}>
        {t('shell.comingSoon')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('shell.comingSoonText')}
      </Typography>
      <Button variant="outlined" component={RouterLink} to="/dashboard/home">
        {t('shell.backToDashboard')}
      </Button>
    </Paper>
  );
}
