import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import { updateAccountSchema } from '@pactum/core/auth';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { showFieldErrors } from '../../../ui/field-errors';
import { FormTextField } from '../../../ui/form-text-field';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import type { Me } from '../../auth';
import { useUpdateMe } from '../api/update-me';
import { changedFields } from '../changes';
import { useResetWhenClean } from '../use-reset-when-clean';
import { EmailField } from './email-field';

const accountInfoSchema = updateAccountSchema
  .required()
  .pick({ firstname: true, lastname: true, phone: true });

const FIELDS = ['firstname', 'lastname', 'phone'] as const;

const valuesOf = (me: Me) => ({
  firstname: me.firstname,
  lastname: me.lastname,
  phone: me.phone ?? '',
});

/**
 * Name, e-mail and phone. Save (names and phone) is enabled when the form is valid and changed; the server
 * capitalises the names, and the form then shows them as saved.
 */
export function AccountInfoCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const updateMe = useUpdateMe();
  const values = useMemo(() => valuesOf(me), [me]);
  const form = useForm({
    resolver: zodResolver(accountInfoSchema),
    mode: 'onChange',
    defaultValues: values,
  });
  useResetWhenClean(form, values);
  const { isDirty, isValid } = form.formState;
  const onSubmit = form.handleSubmit((submitted) =>
    updateMe.mutate(changedFields(values, submitted), {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.success(t('common.saved'), 5_000);
      },
      onError: (error) => showFieldErrors(error, form.setError, FIELDS),
    }),
  );
  return (
    <SettingsCard
      title={t('account.info.title')}
      onSubmit={onSubmit}
      actions={
        <SubmitButton isPending={updateMe.isPending} disabled={!isDirty || !isValid}>
          {t('common.save')}
        </SubmitButton>
      }
    >
      <ErrorAlert error={updateMe.error} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={form.control}
            name="firstname"
            label={t('account.info.firstname')}
            autoComplete="given-name"
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={form.control}
            name="lastname"
            label={t('account.info.lastname')}
            autoComplete="family-name"
            required
          />
        </Grid>
        <Grid size={12}>
          <EmailField me={me} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={form.control}
            name="phone"
            label={t('account.info.phone')}
            type="tel"
            autoComplete="tel"
          />
        </Grid>
      </Grid>
    </SettingsCard>
  );
}
