import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiTokenScopes, createApiTokenSchema } from '@pactum/core/api-tokens';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { ShownOnceSecret } from '../../../ui/shown-once-secret';
import { SubmitButton } from '../../../ui/submit-button';
import { useCreateApiToken } from '../api/create-api-token';
import { daysOfExpiryChoice, expiryChoiceOf, expiryChoices } from '../token-state';
import type { ApiTokenOwner, CreatedApiToken } from '../types';

const DIALOG_WIDTH = 560;

type CreateApiTokenDialogProps = { owner: ApiTokenOwner; onClose: () => void };

/**
 * Makes a token (name, read or read and write, expiry), then shows its text once, with a copy
 * button and the warning that it is not shown again. Mounted per opening, so each starts empty.
 */
export function CreateApiTokenDialog({ owner, onClose }: CreateApiTokenDialogProps) {
  const titleId = useId();
  const [created, setCreated] = useState<CreatedApiToken>();
  return (
    <Dialog
      open
      // The token is shown once: a click outside must not close it unseen.
      onClose={created ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH } } }}
    >
      {created ? (
        <TokenStep titleId={titleId} created={created} onClose={onClose} />
      ) : (
        <FormStep titleId={titleId} owner={owner} onCreated={setCreated} onClose={onClose} />
      )}
    </Dialog>
  );
}

function FormStep({
  titleId,
  owner,
  onCreated,
  onClose,
}: {
  titleId: string;
  owner: ApiTokenOwner;
  onCreated: (created: CreatedApiToken) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const scopeLabelId = useId();
  const create = useCreateApiToken(owner);
  const form = useForm({
    resolver: zodResolver(createApiTokenSchema),
    mode: 'onChange',
    defaultValues: { name: '', scope: 'read', expiresInDays: 90 },
  });
  const onSubmit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onCreated }));
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId}>{t('apiTokens.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormTextField
            control={form.control}
            name="name"
            label={t('apiTokens.dialog.name')}
            helperText={t('apiTokens.dialog.nameHint')}
            required
            autoFocus
          />
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <Stack>
                <FormLabel id={scopeLabelId}>{t('apiTokens.dialog.scope')}</FormLabel>
                <RadioGroup
                  aria-labelledby={scopeLabelId}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {apiTokenScopes.map((scope) => (
                    <FormControlLabel
                      key={scope}
                      value={scope}
                      control={<Radio />}
                      label={t(`apiTokens.scope.${scope}`)}
                    />
                  ))}
                </RadioGroup>
              </Stack>
            )}
          />
          <Controller
            control={form.control}
            name="expiresInDays"
            render={({ field }) => (
              <TextField
                select
                label={t('apiTokens.dialog.expiry')}
                value={expiryChoiceOf(field.value ?? null)}
                onChange={(event) => field.onChange(daysOfExpiryChoice(event.target.value))}
                onBlur={field.onBlur}
                name={field.name}
              >
                {expiryChoices.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {choice === 'never'
                      ? t('apiTokens.dialog.never')
                      : t('apiTokens.dialog.days', { count: Number(choice) })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <ErrorAlert error={create.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <SubmitButton isPending={create.isPending} disabled={!form.formState.isValid}>
          {t('apiTokens.dialog.submit')}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

function TokenStep({
  titleId,
  created,
  onClose,
}: {
  titleId: string;
  created: CreatedApiToken;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle id={titleId}>
        {t('apiTokens.dialog.tokenTitle', { name: created.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ShownOnceSecret
            label={t('apiTokens.dialog.token')}
            value={created.token}
            warning={t('apiTokens.dialog.tokenWarning')}
            copiedText={t('apiTokens.dialog.copied')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('apiTokens.dialog.usage')}
          </Typography>
          <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            Authorization: Bearer {created.prefix}…
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('apiTokens.dialog.done')}
        </Button>
      </DialogActions>
    </>
  );
}
