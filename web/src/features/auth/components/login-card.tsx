import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SignIn } from '@pactum/core/auth';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { lazyZodResolver } from '../../../ui/lazy-zod-resolver';
import { SubmitButton } from '../../../ui/submit-button';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { SupportErrorAlert } from '../../support/support-error-alert';
import { useForgotPassword } from '../api/forgot-password';
import type { Me } from '../api/get-me';
import { useSignIn } from '../api/sign-in';
import { useRateLimitText } from '../rate-limit-wait';
import { SsoButtons, useHasSso } from './sso-buttons';
import { StartFrame } from './start-frame';

type LoginCardProps = {
  /** The heading of the sign-in view (default 'Sign in'). */
  title?: string;
  /** Prefilled e-mail, e.g. the invited address. */
  defaultEmail?: string;
  /** Where SSO comes back to; the caller handles password sign-in itself in `onSignedIn`. */
  returnTo: string | null;
  /** The register link. */
  signupHref: string;
  /** A message above the form, e.g. a failed SSO sign-in. */
  notice?: ReactNode;
  onSignedIn: (me: Me) => void;
};

// The forms check with the shared schemas, fetched on the first submit (see lazyZodResolver).
const signInResolver = lazyZodResolver<SignIn, SignIn>(() =>
  import('../auth-schemas').then((module) => module.signInSchema),
);
const forgotPasswordResolver = lazyZodResolver<{ email: string }, { email: string }>(() =>
  import('../auth-schemas').then((module) => module.forgotPasswordSchema),
);

type View = { name: 'login' } | { name: 'forgot' } | { name: 'reset-sent'; email: string };

/** The sign-in card with its forgot-password and reset-link-sent views. */
export function LoginCard(props: LoginCardProps) {
  const [view, setView] = useState<View>({ name: 'login' });
  const [email, setEmail] = useState(props.defaultEmail ?? '');
  if (view.name === 'forgot') {
    return (
      <ForgotView
        defaultEmail={email}
        onSent={(sentTo) => setView({ name: 'reset-sent', email: sentTo })}
        onBack={() => setView({ name: 'login' })}
      />
    );
  }
  if (view.name === 'reset-sent') {
    return <ResetSentView email={view.email} onBack={() => setView({ name: 'login' })} />;
  }
  return (
    <LoginView
      {...props}
      defaultEmail={email}
      onForgot={(typed) => {
        setEmail(typed);
        setView({ name: 'forgot' });
      }}
    />
  );
}

function LoginView({
  title,
  defaultEmail,
  returnTo,
  signupHref,
  notice,
  onSignedIn,
  onForgot,
}: LoginCardProps & { onForgot: (email: string) => void }) {
  const { t } = useTranslation();
  const heading = title ?? t('login.title');
  useDocumentTitle(heading);
  const signIn = useSignIn();
  const rateLimitText = useRateLimitText();
  const form = useForm({
    resolver: signInResolver,
    defaultValues: { email: defaultEmail ?? '', password: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, { onSuccess: (me) => onSignedIn(me) }),
  );
  return (
    <StartFrame title={heading}>
      {notice}
      <SsoButtons mode="signIn" returnTo={returnTo} />
      <OrDivider />
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        <SupportErrorAlert error={signIn.error} describe={rateLimitText} />
        <FormTextField
          control={form.control}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
        />
        <FormTextField
          control={form.control}
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          isPassword
          required
        />
        <SubmitButton isPending={signIn.isPending} size="large">
          {t('login.submit')}
        </SubmitButton>
      </Stack>
      <Button
        variant="text"
        sx={{ alignSelf: 'center' }}
        onClick={() => onForgot(form.getValues('email'))}
      >
        {t('login.trouble')}
      </Button>
      <Typography sx={{ textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to={signupHref}>
          {t('login.register')}
        </Link>
      </Typography>
    </StartFrame>
  );
}

function ForgotView({
  defaultEmail,
  onSent,
  onBack,
}: {
  defaultEmail: string;
  onSent: (email: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('forgot.title'));
  const forgot = useForgotPassword();
  const rateLimitText = useRateLimitText();
  const form = useForm({
    resolver: forgotPasswordResolver,
    defaultValues: { email: defaultEmail },
  });
  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, { onSuccess: () => onSent(values.email) }),
  );
  return (
    <StartFrame title={t('forgot.title')} subtitle={t('forgot.description')}>
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        <ErrorAlert error={forgot.error} describe={rateLimitText} />
        <FormTextField
          control={form.control}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
        />
        <SubmitButton isPending={forgot.isPending} size="large">
          {t('forgot.submit')}
        </SubmitButton>
      </Stack>
      <Button variant="text" sx={{ alignSelf: 'center' }} onClick={onBack}>
        {t('forgot.back')}
      </Button>
    </StartFrame>
  );
}

function ResetSentView({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('resetSent.title'));
  return (
    <StartFrame title={t('resetSent.title')}>
      <Alert severity="success" role="status">
        {t('resetSent.description', { email })}
      </Alert>
      <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={onBack}>
        {t('forgot.back')}
      </Button>
    </StartFrame>
  );
}

/** 'or' between the single-sign-on buttons and the form; absent when no SSO is enabled. */
export function OrDivider() {
  const { t } = useTranslation();
  if (!useHasSso()) return null;
  return (
    <Divider>
      <Typography variant="body2" color="text.secondary">
        {t('common.or')}
      </Typography>
    </Divider>
  );
}
