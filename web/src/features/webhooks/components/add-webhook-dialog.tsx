import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { translateMessage } from '@pactum/core/validation';
import { createWebhookSchema, webhookEventTypes } from '@pactum/core/webhooks';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { ShownOnceSecret } from '../../../ui/shown-once-secret';
import { SubmitButton } from '../../../ui/submit-button';
import { useLang } from '../../../ui/use-lang';
import { useCreateWebhook } from '../api/create-webhook';
import { webhookEventKeys } from '../event-labels';
import type { CreatedWebhook } from '../types';

const DIALOG_WIDTH = 600;

type AddWebhookDialogProps = { workspaceId: string; onClose: () => void };

/**
 * Registers an endpoint (URL, description, the events it receives), then shows its signing
 * secret once, with a copy button and the warning that it is not shown again. Mounted per
 * opening, so each opening starts empty.
 */
export function AddWebhookDialog({ workspaceId, onClose }: AddWebhookDialogProps) {
  const titleId = useId();
  const [created, setCreated] = useState<CreatedWebhook>();
  return (
    <Dialog
      open
      // The secret is shown once: a click outside must not close it unseen.
      onClose={created ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH } } }}
    >
      {created ? (
        <SecretStep titleId={titleId} created={created} onClose={onClose} />
      ) : (
        <FormStep
          titleId={titleId}
          workspaceId={workspaceId}
          onCreated={setCreated}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function FormStep({
  titleId,
  workspaceId,
  onCreated,
  onClose,
}: {
  titleId: string;
  workspaceId: string;
  onCreated: (created: CreatedWebhook) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const eventsLabelId = useId();
  const create = useCreateWebhook(workspaceId);
  const form = useForm({
    resolver: zodResolver(createWebhookSchema),
    mode: 'onChange',
    defaultValues: { url: '', description: '', events: [...webhookEventTypes] },
  });
  const message = (text: string) => translateMessage(text, lang);
  const onSubmit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onCreated }));
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId}>{t('webhooks.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={form.control}
            name="url"
            type="url"
            label={t('webhooks.url')}
            helperText={t('webhooks.urlHint')}
            placeholder="https://"
            required
            autoFocus
            formatError={message}
          />
          <FormTextField
            control={form.control}
            name="description"
            label={t('webhooks.descriptionLabel')}
            formatError={message}
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field, fieldState }) => {
              const chosen = new Set(field.value);
              const toggle = (type: (typeof webhookEventTypes)[number], isChosen: boolean) => {
                const next = new Set(chosen);
                if (isChosen) next.add(type);
                else next.delete(type);
                field.onChange(webhookEventTypes.filter((one) => next.has(one)));
              };
              return (
                <FormControl error={Boolean(fieldState.error)} component="fieldset">
                  <FormLabel id={eventsLabelId} component="legend" required>
                    {t('webhooks.eventsLabel')}
                  </FormLabel>
                  <FormGroup aria-labelledby={eventsLabelId}>
                    {webhookEventTypes.map((type) => (
                      <FormControlLabel
                        key={type}
                        label={t(`webhooks.events.${webhookEventKeys[type]}`)}
                        control={
                          <Checkbox
                            checked={chosen.has(type)}
                            onChange={(event) => toggle(type, event.target.checked)}
                            onBlur={field.onBlur}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error?.message && (
                    <FormHelperText>{message(fieldState.error.message)}</FormHelperText>
                  )}
                </FormControl>
              );
            }}
          />
          <ErrorAlert error={create.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <SubmitButton isPending={create.isPending} disabled={!form.formState.isValid}>
          {t('webhooks.dialog.create')}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

function SecretStep({
  titleId,
  created,
  onClose,
}: {
  titleId: string;
  created: CreatedWebhook;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle id={titleId}>{t('webhooks.dialog.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ShownOnceSecret
            label={t('webhooks.dialog.secretLabel')}
            value={created.secret}
            warning={t('webhooks.dialog.secretWarning')}
            copiedText={t('webhooks.dialog.copied')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('webhooks.dialog.done')}
        </Button>
      </DialogActions>
    </>
  );
}
