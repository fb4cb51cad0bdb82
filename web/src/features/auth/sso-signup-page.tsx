import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { authMessages, ssoProviderNames, ssoSignUpSchema } from '@pactum/core/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { showFieldErrors } from '../../ui/field-errors';
import { FormTextField } from '../../ui/form-text-field';
import { NameFields } from '../../ui/name-fields';
import { PageLoader } from '../../ui/page-loader';
import { SubmitButton } from '../../ui/submit-button';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { type Me, useMe } from './api/get-me';
import { useSignOut } from './api/sign-out';
import { useSsoSignUp } from './api/sso-sign-up';
import { DEFAULT_PHONE } from './components/signup-form';
import { StartFrame } from './components/start-frame';
import { TermsCheckbox } from './components/terms-checkbox';
import { safeRedirect } from './redirect';
import { splitName } from './split-name';
import { clearSsoSignupDraft, readSsoSignupDraft, writeSsoSignupDraft } from './sso-signup-draft';

/**
 * `/sso/signup` (register-sso): after a first sign-in with Google or Microsoft the user
 * gives the name and phone and accepts the terms.
 */
export function SsoSignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ssoSignup.title'));
  const [params] = useSearchParams();
  const me = useMe();
  const target = safeRedirect(params.get('redirect'));
  if (me.isPending) return <PageLoader />;
  if (!me.data) return <Navigate to="/login" replace />;
  if (me.data.isProfileComplete) return <Navigate to={target} replace />;
  return <SsoSignupForm me={me.data} target={target} />;
}

const FIELDS = ['firstname', 'lastname', 'phone', 'acceptTerms'] as const;

function SsoSignupForm({ me, target }: { me: Me; target: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const ssoSignUp = useSsoSignUp();
  const signOut = useSignOut();
  const draft = readSsoSignupDraft();
  // The provider's name until the user has typed one (the names are not split there).
  const fromProvider = me.firstname || me.lastname ? me : splitName(me.name);
  const form = useForm({
    resolver: zodResolver(ssoSignUpSchema),
    mode: 'onChange',
    defaultValues: {
      firstname: draft?.firstname || fromProvider.firstname,
      lastname: draft?.lastname || fromProvider.lastname,
      phone: draft?.phone || me.phone || DEFAULT_PHONE,
    },
  });
  // Kept in this browser until the signup is done, e.g. over a repeated provider round trip.
  useEffect(() => {
    const subscription = form.watch((values) =>
      writeSsoSignupDraft({
        firstname: values.firstname ?? '',
        lastname: values.lastname ?? '',
        phone: values.phone ?? '',
      }),
    );
    return () => subscription.unsubscribe();
  }, [form]);
  const onSubmit = form.handleSubmit((values) =>
    ssoSignUp.mutate(
      { ...values, lang },
      {
        onSuccess: () => {
          clearSsoSignupDraft();
          navigate(target, { replace: true });
        },
        onError: (error) => showFieldErrors(error, form.setError, FIELDS),
      },
    ),
  );
  const cancel = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        clearSsoSignupDraft();
        navigate('/login', { replace: true });
      },
    });
  const provider = me.ssoProvider ? ssoProviderNames[me.ssoProvider] : 'SSO';
  return (
    <StartFrame
      title={t('ssoSignup.title')}
      subtitle={t('ssoSignup.signedInWith', { provider, email: me.email })}
    >
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        <ErrorAlert
          error={ssoSignUp.error ?? signOut.error}
          fallback={authMessages[lang].accountCreationFailed}
        />
        <NameFields
          control={form.control}
          labels={{ firstname: t('signup.firstname'), lastname: t('signup.lastname') }}
        />
        <FormTextField
          control={form.control}
          name="phone"
          label={t('signup.phone')}
          type="tel"
          autoComplete="tel"
          helperText={t('signup.phoneHint')}
        />
        <TermsCheckbox control={form.control} name="acceptTerms" />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={cancel} loading={signOut.isPending}>
            {t('ssoSignup.cancel')}
          </Button>
          <SubmitButton isPending={ssoSignUp.isPending} disabled={!form.formState.isValid}>
            {t('ssoSignup.submit')}
          </SubmitButton>
        </Stack>
      </Stack>
    </StartFrame>
  );
}
