import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { showFieldErrors } from '../../../ui/field-errors';
import { FormTextField } from '../../../ui/form-text-field';
import { lazyZodResolver } from '../../../ui/lazy-zod-resolver';
import { NameFields } from '../../../ui/name-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useLang } from '../../../ui/use-lang';
import type { Me } from '../api/get-me';
import { useSignUp } from '../api/sign-up';
import { useRateLimitText } from '../rate-limit-wait';
import { useAuthMessages } from '../use-auth-messages';
import { TermsCheckbox } from './terms-checkbox';

/** The spec's default phone prefix (1 §9). */
export const DEFAULT_PHONE = '+358';

// The shared schema is fetched when the form is first checked (see lazyZodResolver).
const signUpResolver = lazyZodResolver(() =>
  import('../auth-schemas').then((module) => module.signUpSchema),
);

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'password', 'acceptTerms'] as const;

type SignupFormProps = {
  /** Prefilled e-mail, e.g. the invited address. */
  defaultEmail?: string;
  /** The invite or signer link that brought the user here. */
  inviteId?: string;
  onSignedUp: (me: Me) => void;
};

/**
 * Registration with e-mail and password. The button stays disabled until every field is
 * valid and the terms are accepted.
 */
export function SignupForm({ defaultEmail, inviteId, onSignedUp }: SignupFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const signUp = useSignUp();
  const rateLimitText = useRateLimitText();
  const messages = useAuthMessages(Boolean(signUp.error));
  const form = useForm({
    resolver: signUpResolver,
    mode: 'onChange',
    defaultValues: {
      firstname: '',
      lastname: '',
      email: defaultEmail ?? '',
      phone: DEFAULT_PHONE,
      password: '',
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(
      { ...values, lang, ...(inviteId ? { inviteId } : {}) },
      {
        onSuccess: onSignedUp,
        onError: (error) => showFieldErrors(error, form.setError, FIELDS),
      },
    ),
  );
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
      <ErrorAlert error={signUp.error} fallback={messages?.signupFailed} describe={rateLimitText} />
      <NameFields
        control={form.control}
        labels={{ firstname: t('signup.firstname'), lastname: t('signup.lastname') }}
      />
      <FormTextField
        control={form.control}
        name="email"
        label={t('signup.email')}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        control={form.control}
        name="phone"
        label={t('signup.phone')}
        type="tel"
        autoComplete="tel"
        helperText={t('signup.phoneHint')}
      />
      <FormTextField
        control={form.control}
        name="password"
        label={t('signup.password')}
        autoComplete="new-password"
        helperText={t('signup.passwordHint')}
        isPassword
        required
      />
      <TermsCheckbox control={form.control} name="acceptTerms" />
      <SubmitButton size="large" isPending={signUp.isPending} disabled={!form.formState.isValid}>
        {t('signup.submit')}
      </SubmitButton>
    </Stack>
  );
}
