import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ALERT_MAX_EMAILS,
  type AlertInput,
  type AlertValues,
  alertMessages,
  invalidAlertEmails,
} from '@pactum/core/alerts';
import { useState } from 'react';
import { Controller, type FieldError, type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/http';
import { EmailTagsInput } from '../../../ui/email-tags-input';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormDateField } from '../../../ui/form-date-field';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useLang } from '../../../ui/use-lang';
import { useMe } from '../../auth';
import {
  alertFieldText,
  alertFormSchema,
  earliestFormDate,
  needsVerifiedEmail,
} from '../alert-text';
import { useAlertSuggestions } from '../api/get-alert-suggestions';
import type { Alert } from '../api/list-alerts';
import { useSaveAlert } from '../api/save-alert';

const FIELDS = ['date', 'subject', 'message', 'emails'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

type AlertFormProps = {
  fileId: string;
  /** The alert to change; a new one without. */
  alert?: Alert;
  onCancel: () => void;
  /** After a save, with its text ('Alert added'): back to the list. */
  onSaved: (text: string) => void;
};

/**
 * The form of a new or changed alert (spec 1 §5 'Alert'): a date from tomorrow on (in the
 * browser's zone; the server checks it in the creator's), a subject, at least one e-mail address
 * as tags (invalid ones red, at most 50, the people who can open the file offered) and an
 * optional message. The server's field messages land on the fields; what was typed stays.
 */
export function AlertForm({ fileId, alert, onCancel, onSaved }: AlertFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveAlert(fileId);
  const me = useMe().data;
  const suggestions = useAlertSuggestions(fileId);
  const [schema] = useState(() => alertFormSchema());
  const [earliest] = useState(() => earliestFormDate());
  // A refusal not about one field (a 403, a 429...) shows above the buttons.
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<AlertInput, unknown, AlertValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      date: alert?.date ?? '',
      subject: alert?.subject ?? '',
      message: alert?.message ?? '',
      emails: alert?.emails ?? [],
    },
  });
  const fieldText = (message: string) => alertFieldText(message, lang);

  const onSubmit = form.handleSubmit((body) => {
    setFormError(null);
    if (me && needsVerifiedEmail(me, body.emails)) {
      // The server's refusal, told without asking it (the same code and text).
      setFormError(new ApiError(403, 'alert_needs_verified_email', ''));
      return;
    }
    save.mutate(
      { alertId: alert?.id, body },
      {
        onSuccess: () => onSaved(alert ? t('archive.alerts.saved') : t('archive.alerts.added')),
        onError: (error) => {
          if (!showOnFields(error)) setFormError(error);
        },
      },
    );
  });

  /** Puts a refusal's per-field messages on the fields; whether there were any. */
  const showOnFields = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    let isShown = false;
    for (const [name, message] of Object.entries(error.fields)) {
      if (!isField(name)) continue;
      form.setError(name, { type: 'server', message }, { shouldFocus: !isShown });
      isShown = true;
    }
    if (error.code === 'alert_date_too_early' && !isShown) {
      form.setError('date', { type: 'server', message: alertMessages.en.dateTooEarly });
      isShown = true;
    }
    return isShown;
  };

  const title = alert ? t('archive.alerts.editTitle') : t('archive.alerts.addTitle');
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <FormDateField
        control={form.control}
        name="date"
        label={t('archive.alerts.date')}
        required
        autoFocus
        min={earliest}
        helperText={t('archive.alerts.dateHint')}
        formatError={fieldText}
      />
      <FormTextField
        control={form.control}
        name="subject"
        label={t('archive.alerts.subject')}
        required
        formatError={fieldText}
      />
      <Controller
        control={form.control}
        name="emails"
        render={({ field, formState }) => {
          const message = emailsError(formState.errors);
          return (
            <EmailTagsInput
              name={field.name}
              inputRef={field.ref}
              label={t('archive.alerts.emails')}
              value={field.value}
              onChange={(tags) => {
                field.onChange(tags);
                // A chip removed or added: its message follows the list as it is now.
                if (formState.isSubmitted) void form.trigger('emails');
              }}
              isValidTag={(tag) => invalidAlertEmails([tag]).length === 0}
              removeLabel={(email) => t('archive.alerts.removeEmail', { email })}
              helperText={
                message
                  ? fieldText(message)
                  : t('archive.alerts.emailsHint', { max: ALERT_MAX_EMAILS })
              }
              error={Boolean(message)}
              suggestions={suggestions.data?.items}
            />
          );
        }}
      />
      <FormTextField
        control={form.control}
        name="message"
        label={t('archive.alerts.message')}
        multiline
        minRows={3}
        maxRows={10}
        formatError={fieldText}
      />
      <ErrorAlert error={formError} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <SubmitButton isPending={save.isPending}>
          {alert ? t('archive.alerts.save') : t('archive.alerts.create')}
        </SubmitButton>
      </Stack>
    </Stack>
  );
}

/** The e-mail list's message: about the list, or about the first address refused. */
function emailsError(errors: FieldErrors<AlertInput>): string | undefined {
  const emails = errors.emails;
  if (!emails) return undefined;
  if (emails.message) return emails.message;
  if (emails.root?.message) return emails.root.message;
  const items = Array.isArray(emails) ? (emails as (FieldError | undefined)[]) : [];
  return items.find((item) => item?.message)?.message;
}
