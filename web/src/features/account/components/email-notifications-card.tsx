import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { emailNotificationOptions, updateAccountSchema } from '@pactum/core/auth';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import type { Me } from '../../auth';
import { useUpdateMe } from '../api/update-me';
import { browserTimezone, defaultTimezone, timezoneOptions } from '../timezones';
import { useResetWhenClean } from '../use-reset-when-clean';

const notificationsSchema = updateAccountSchema
  .required()
  .pick({ emailNotifications: true, timezone: true });

/** How often the e-mail summary comes, and in which time zone. */
export function EmailNotificationsCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const updateMe = useUpdateMe();
  const browser = browserTimezone();
  const values = useMemo(
    () => ({
      emailNotifications: me.emailNotifications ?? 'daily',
      timezone: defaultTimezone(browser, me.timezone),
    }),
    [me.emailNotifications, me.timezone, browser],
  );
  const form = useForm({
    resolver: zodResolver(notificationsSchema),
    mode: 'onChange',
    defaultValues: values,
  });
  // Both are read on every render: formState only tracks what a render has read.
  const { isDirty, isValid } = form.formState;
  useResetWhenClean(form, values);
  const onSubmit = form.handleSubmit((submitted) =>
    updateMe.mutate(submitted, {
      onSuccess: () => {
        form.reset(submitted);
        toast.success(t('common.saved'), 5_000);
      },
    }),
  );
  return (
    <SettingsCard
      title={t('account.notifications.title')}
      description={t('account.notifications.description')}
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
            name="emailNotifications"
            label={t('account.notifications.frequency')}
            select
          >
            {emailNotificationOptions.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`account.notifications.${option}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={form.control}
            name="timezone"
            label={t('account.notifications.timezone')}
            select
          >
            {timezoneOptions(browser, me.timezone).map((zone) => (
              <MenuItem key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
    </SettingsCard>
  );
}
