import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { type Me, useSendVerification } from '../../auth';

/**
 * An unverified address: a warning with a way to send the verification mail again; once
 * sent, a confirmation replaces the link.
 */
export function EmailVerificationAlert({ me }: { me: Me }) {
  const { t } = useTranslation();
  const send = useSendVerification();
  if (me.emailVerified) return null;
  if (send.isSuccess) {
    return (
      <Alert severity="info" role="status">
        {t('account.verification.sent', { email: me.email })}
      </Alert>
    );
  }
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Button
            color="inherit"
            size="small"
            loading={send.isPending}
            onClick={() => send.mutate()}
          >
            {t('account.verification.send')}
          </Button>
        }
      >
        {t('account.verification.warning', { email: me.email })}
      </Alert>
      <ErrorAlert error={send.error} />
    </>
  );
}
