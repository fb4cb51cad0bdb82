import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { changePasswordSchema } from '@pactum/core/auth';
import { messageKey } from '@pactum/core/validation';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../app/http';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useSignOut } from '../../auth';
import { useChangePassword } from '../api/change-password';

/** The change-password form: the shared rule plus a confirmation that must match. */
function passwordFormSchema(newPasswordLabel: string) {
  return changePasswordSchema
    .extend({ confirmPassword: z.string() })
    .refine((values) => values.confirmPassword === values.newPassword, {
      path: ['confirmPassword'],
      message: messageKey('match', { label: newPasswordLabel }),
      // Says so as soon as the two differ, even while another field is still missing.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    });
}

const emptyValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirmed password. The confirmation appears once a new password is
 * typed. After a change the user's other sessions end; a stale session must sign in again.
 */
export function ChangePasswordCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const newLabel = t('account.password.new');
  const schema = useMemo(() => passwordFormSchema(newLabel), [newLabel]);
  const changePassword = useChangePassword();
  const signOut = useSignOut();
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: emptyValues,
  });
  // Both are read on every render: formState only tracks what a render has read.
  const { isDirty, isValid } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword: password }) =>
    changePassword.mutate(
      { currentPassword, newPassword: password },
      {
        onSuccess: () => {
          form.reset(emptyValues);
          toast.success(t('account.password.changed'), 8_000);
        },
      },
    ),
  );
  const needsRelogin =
    changePassword.error instanceof ApiError &&
    changePassword.error.code === 'requires_recent_login';
  return (
    <SettingsCard
      title={t('account.password.title')}
      onSubmit={onSubmit}
      hidden={
        // Tells password managers whose password this is.
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      }
      actions={
        <SubmitButton isPending={changePassword.isPending} disabled={!isDirty || !isValid}>
          {t('account.password.submit')}
        </SubmitButton>
      }
    >
      <ErrorAlert
        error={changePassword.error}
        action={
          needsRelogin ? (
            <Button color="inherit" size="small" onClick={() => signOut.mutate()}>
              {t('account.password.relogin')}
            </Button>
          ) : undefined
        }
      />
      <FormTextField
        control={form.control}
        name="currentPassword"
        label={t('account.password.current')}
        autoComplete="current-password"
        isPassword
        required
      />
      <FormTextField
        control={form.control}
        name="newPassword"
        label={newLabel}
        autoComplete="new-password"
        isPassword
        required
      />
      {newPassword && (
        <FormTextField
          control={form.control}
          name="confirmPassword"
          label={t('account.password.confirm')}
          autoComplete="new-password"
          isPassword
          required
        />
      )}
    </SettingsCard>
  );
}
