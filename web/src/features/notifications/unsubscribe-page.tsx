import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { codeText } from '../../app/error-text';
import { ErrorAlert } from '../../ui/error-alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useUnsubscribe } from './api';

/** Where e-mail notifications are changed (spec 1 §2 account settings). */
const ACCOUNT_SETTINGS = '/dashboard/account/my';

/**
 * `/unsubscribe?token=…`: the link at the foot of notification e-mails. Public (the link is the
 * proof), it turns the person's e-mail notifications off once on load and says so, or says the
 * link is not valid; either way it points to the account settings, where they can be turned on.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('notifications.unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const hasStarted = useRef(false);
  useEffect(() => {
    // Once per page (effects run twice in development); a link without a token asks nothing.
    if (hasStarted.current || token === '') return;
    hasStarted.current = true;
    mutate(token);
  }, [mutate, token]);

  return (
    <Card variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('notifications.unsubscribe.title')}
        </Typography>
        {token === '' ? (
          <Alert severity="error" role="alert">
            {codeText('unsubscribe_link_invalid', lang)}
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert severity="success" role="status">
            {t('notifications.unsubscribe.done')}
          </Alert>
        ) : unsubscribe.isError ? (
          <ErrorAlert error={unsubscribe.error} />
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography role="status">{t('notifications.unsubscribe.working')}</Typography>
          </Stack>
        )}
        <Button
          variant={unsubscribe.isPending ? 'text' : 'contained'}
          component={RouterLink}
          to={ACCOUNT_SETTINGS}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('notifications.unsubscribe.settings')}
        </Button>
      </Stack>
    </Card>
  );
}
