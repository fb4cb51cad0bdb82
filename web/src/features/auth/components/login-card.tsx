import type { SecondFactorMethod } from '@pactum/core/api/two-factor';
import type { SignIn } from '@pactum/core/auth';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../app/http';
import { PlainAlert } from '../../../ui/plain/plain-alert';
import { PlainButton } from '../../../ui/plain/plain-button';
import { PlainErrorAlert } from '../../../ui/plain/plain-error-alert';
import { PlainTextField } from '../../../ui/plain/plain-text-field';
import { lazySchema, usePlainForm } from '../../../ui/plain/use-plain-form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { SupportErrorAlert } from '../../support';
import { useForgotPassword } from '../api/forgot-password';
import type { Me } from '../api/get-me';
import {
  isSecondFactorStep,
  useSignIn,
  useSignInWithCode,
  useSignInWithPasskey,
} from '../api/sign-in';
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

// The forms check with the shared schemas, fetched on the first submit. The card is drawn by
// the plain kit with its own small form state, so the sign-in route loads neither MUI nor a
// form library (issue 20: the route's JavaScript).
const signInSchema = lazySchema<SignIn>(() =>
  import('../auth-schemas').then((module) => module.signInSchema),
);
const forgotPasswordSchema = lazySchema<{ email: string }>(() =>
  import('../auth-schemas').then((module) => module.forgotPasswordSchema),
);

type View =
  | { name: 'login' }
  | { name: 'forgot' }
  | { name: 'reset-sent'; email: string }
  | { name: 'second-factor'; methods: SecondFactorMethod[] };

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
  if (view.name === 'second-factor') {
    return (
      <SecondFactorView
        methods={view.methods}
        onSignedIn={props.onSignedIn}
        onBack={() => setView({ name: 'login' })}
      />
    );
  }
  return (
    <LoginView
      {...props}
      defaultEmail={email}
      onForgot={(typed) => {
        setEmail(typed);
        setView({ name: 'forgot' });
      }}
      onSecondFactor={(typed, methods) => {
        setEmail(typed);
        setView({ name: 'second-factor', methods });
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
  onSecondFactor,
}: LoginCardProps & {
  onForgot: (email: string) => void;
  onSecondFactor: (email: string, methods: SecondFactorMethod[]) => void;
}) {
  const { t } = useTranslation();
  const heading = title ?? t('login.title');
  useDocumentTitle(heading);
  const signIn = useSignIn();
  const rateLimitText = useRateLimitText();
  const form = usePlainForm(signInSchema, { email: defaultEmail ?? '', password: '' });
  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (answer) => {
        if (isSecondFactorStep(answer)) onSecondFactor(values.email, answer.secondFactor.methods);
        else onSignedIn(answer);
      },
    }),
  );
  return (
    <StartFrame title={heading}>
      {notice}
      <SsoButtons mode="signIn" returnTo={returnTo} />
      <OrDivider />
      <form className="pl-stack" noValidate onSubmit={onSubmit}>
        <SupportErrorAlert error={signIn.error} describe={rateLimitText} />
        <PlainTextField
          {...form.field('email')}
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
        />
        <PlainTextField
          {...form.field('password')}
          label={t('login.password')}
          autoComplete="current-password"
          isPassword
          required
        />
        <PlainButton type="submit" variant="contained" size="large" isPending={signIn.isPending}>
          {t('login.submit')}
        </PlainButton>
      </form>
      <PlainButton className="pl-center" onClick={() => onForgot(form.values.email)}>
        {t('login.trouble')}
      </PlainButton>
      <p className="pl-text pl-center">
        {t('login.noAccount')}{' '}
        <RouterLink className="pl-link" to={signupHref}>
          {t('login.register')}
        </RouterLink>
      </p>
    </StartFrame>
  );
}

/**
 * The second step of a sign-in: a code from the authenticator app (or a recovery code), or the
 * passkey, whichever the account has.
 */
function SecondFactorView({
  methods,
  onSignedIn,
  onBack,
}: {
  methods: SecondFactorMethod[];
  onSignedIn: (me: Me) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('login.secondFactorTitle'));
  const [code, setCode] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const withCode = useSignInWithCode();
  const withPasskey = useSignInWithPasskey();
  const rateLimitText = useRateLimitText();
  const hasCode = methods.includes('totp') || methods.includes('recovery');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setIsMissing(typed === '');
    if (typed) withCode.mutate({ code: typed }, { onSuccess: onSignedIn });
  };
  return (
    <StartFrame
      title={t('login.secondFactorTitle')}
      subtitle={hasCode ? t('login.codeDescription') : t('login.passkeyDescription')}
    >
      {hasCode && (
        <form className="pl-stack" noValidate onSubmit={onSubmit}>
          <SupportErrorAlert error={withCode.error} describe={rateLimitText} />
          <PlainTextField
            label={t('login.code')}
            value={code}
            onChange={(value) => {
              setCode(value);
              if (value.trim()) setIsMissing(false);
            }}
            autoComplete="one-time-code"
            autoFocus
            required
            error={isMissing ? t('login.codeMissing') : undefined}
            helperText={methods.includes('recovery') ? t('login.recoveryHint') : undefined}
          />
          <PlainButton
            type="submit"
            variant="contained"
            size="large"
            isPending={withCode.isPending}
          >
            {t('login.verify')}
          </PlainButton>
        </form>
      )}
      {methods.includes('passkey') && (
        <div className="pl-stack">
          <PlainErrorAlert
            error={withPasskey.error}
            describe={(error) => (error instanceof ApiError ? undefined : t('login.passkeyFailed'))}
          />
          <PlainButton
            variant={hasCode ? 'outlined' : 'contained'}
            size="large"
            isPending={withPasskey.isPending}
            onClick={() => withPasskey.mutate(undefined, { onSuccess: onSignedIn })}
          >
            {t('login.usePasskey')}
          </PlainButton>
        </div>
      )}
      <PlainButton className="pl-center" onClick={onBack}>
        {t('forgot.back')}
      </PlainButton>
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
  const form = usePlainForm(forgotPasswordSchema, { email: defaultEmail });
  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, { onSuccess: () => onSent(values.email) }),
  );
  return (
    <StartFrame title={t('forgot.title')} subtitle={t('forgot.description')}>
      <form className="pl-stack" noValidate onSubmit={onSubmit}>
        <PlainErrorAlert error={forgot.error} describe={rateLimitText} />
        <PlainTextField
          {...form.field('email')}
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
        />
        <PlainButton type="submit" variant="contained" size="large" isPending={forgot.isPending}>
          {t('forgot.submit')}
        </PlainButton>
      </form>
      <PlainButton className="pl-center" onClick={onBack}>
        {t('forgot.back')}
      </PlainButton>
    </StartFrame>
  );
}

function ResetSentView({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('resetSent.title'));
  return (
    <StartFrame title={t('resetSent.title')}>
      <PlainAlert severity="success" role="status">
        {t('resetSent.description', { email })}
      </PlainAlert>
      <PlainButton variant="outlined" className="pl-start" onClick={onBack}>
        {t('forgot.back')}
      </PlainButton>
    </StartFrame>
  );
}

/** 'or' between the single-sign-on buttons and the form; absent when no SSO is enabled. */
export function OrDivider() {
  const { t } = useTranslation();
  if (!useHasSso()) return null;
  return <div className="pl-divider">{t('common.or')}</div>;
}
