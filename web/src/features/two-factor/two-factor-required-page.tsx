import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useSignOut } from '../auth';
import { TwoFactorCard } from './components/two-factor-card';

/**
 * What a member of a workspace that requires two-step sign-in sees until they set a factor up:
 * the set-up card alone (the server answers nothing else meanwhile), and a way to sign out.
 */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('twoFactor.title'));
  const signOut = useSignOut();
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t('twoFactor.title')}
        </Typography>
        <Alert severity="info">{t('twoFactor.requiredByWorkspace')}</Alert>
        <TwoFactorCard />
        <Box>
          <Button onClick={() => signOut.mutate()}>{t('nav.signOut')}</Button>
        </Box>
      </Stack>
    </Box>
  );
}
