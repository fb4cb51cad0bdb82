import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages, resetPasswordSchema } from '@pactum/core/auth';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { FormTextField } from '../../ui/form-text-field';
import { SubmitButton } from '../../ui/submit-button';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { SupportContact } from '../support';
import { useMe } from './api/get-me';
import { useResetPassword } from './api/reset-password';
import { useVerifyEmail } from './api/verify-email';
import { StartFrame } from './components/start-frame';
import { useRateLimitText } from './rate-limit-wait';
import { DASHBOARD_HOME } from './redirect';

/**
 * `/verify/email?mode=…&code=…`: the page of the e-mailed links. `verifyEmail` confirms the
 * address at once; `resetPassword` asks for a new password.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  switch (params.get('mode')) {
    case 'verifyEmail':
      return <VerifyEmailView code={code} returnTo={returnPath(params.get('continue'))} />;
    case 'resetPassword':
      return <ResetPasswordView code={code} />;
    default:
      return <UnknownModeView />;
  }
}

/**
 * The page of the app the link leads back to (the document to sign), if it names one: a path
 * under /dashboard only, as the server checks it too, so a crafted link leads nowhere else.
 */
function returnPath(value: string | null): string | undefined {
  return value && /^\/dashboard\/[A-Za-z0-9/_-]{1,200}$/.test(value) ? value : undefined;
}

function VerifyEmailView({ code, returnTo }: { code: string; returnTo?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('verify.emailTitle'));
  const verify = useVerifyEmail();
  const rateLimitText = useRateLimitText();
  const me = useMe();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  useEffect(() => {
    // Once per page: the code is single-use (and effects run twice in development).
    if (hasStarted.current) return;
    hasStarted.current = true;
    verify.mutate({ code });
  }, [verify, code]);
  // Signed in, the link takes the user straight back to where they asked for it (the deal to
  // sign, now signable); signed out, they sign in first and land there.
  const isSignedIn = Boolean(me.data);
  useEffect(() => {
    if (!verify.isSuccess || !returnTo || !isSignedIn) return;
    // Said where they land, as this page would have said it.
    toast.success(t('verify.verified'));
    navigate(returnTo, { replace: true });
  }, [verify.isSuccess, returnTo, isSignedIn, navigate, t]);
  return (
    <StartFrame title={t('verify.emailTitle')}>
      {verify.isSuccess ? (
        <>
          <Alert severity="success" role="status">
            {t('verify.verified')}
          </Alert>
          <Button
            variant="contained"
            component={RouterLink}
            to={
              me.data
                ? (returnTo ?? DASHBOARD_HOME)
                : returnTo
                  ? `/login?redirect=${encodeURIComponent(returnTo)}`
                  : '/login'
            }
            sx={{ alignSelf: 'flex-start' }}
          >
            {me.data
              ? returnTo
                ? t('verify.continue')
                : t('verify.toDashboard')
              : t('verify.signIn')}
          </Button>
        </>
      ) : verify.isError ? (
        <ErrorAlert error={verify.error} describe={rateLimitText} />
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('verify.verifying')}</Typography>
        </Stack>
      )}
    </StartFrame>
  );
}

const resetFormSchema = resetPasswordSchema.pick({ password: true });

function ResetPasswordView({ code }: { code: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('verify.resetTitle'));
  const reset = useResetPassword();
  const rateLimitText = useRateLimitText();
  const form = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit(({ password }) => reset.mutate({ code, password }));
  if (reset.isSuccess) {
    return (
      <StartFrame title={t('verify.resetTitle')}>
        <Alert severity="success" role="status">
          {t('verify.resetDone')}
        </Alert>
        <Button
          variant="contained"
          component={RouterLink}
          to="/login"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('verify.signIn')}
        </Button>
      </StartFrame>
    );
  }
  return (
    <StartFrame title={t('verify.resetTitle')} subtitle={t('verify.resetDescription')}>
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        <ErrorAlert error={reset.error} describe={rateLimitText} />
        <FormTextField
          control={form.control}
          name="password"
          label={t('verify.newPassword')}
          autoComplete="new-password"
          helperText={t('signup.passwordHint')}
          isPassword
          required
          autoFocus
        />
        <SubmitButton isPending={reset.isPending} size="large">
          {t('verify.submitReset')}
        </SubmitButton>
      </Stack>
    </StartFrame>
  );
}

function UnknownModeView() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('verify.errorTitle'));
  return (
    <StartFrame title={t('verify.errorTitle')}>
      <Alert severity="error" role="alert">
        {authMessages[lang].unknownMode}
        <SupportContact lead={t('support.unknownLink')} />
      </Alert>
    </StartFrame>
  );
}
