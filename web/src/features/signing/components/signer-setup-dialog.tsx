import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PartyRole } from '@pactum/core/documents';
import {
  DEFAULT_PHONE_PREFIX,
  MAX_SIGNERS_PER_PARTY,
  REMINDER_DEFAULTS,
  type SignerInput,
  signerSetupSchema,
  validateSigners,
} from '@pactum/core/signing';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useLang } from '../../../ui/use-lang';
import type { SigningSigner, SigningView } from '../api/get-signing';
import { useSetupSigners, useStartSigning } from '../api/signing-actions';
import { signerListMessages, signingFieldText } from '../signing-field-text';

const emptySigner = (party: PartyRole): SignerInput => ({
  party,
  firstname: '',
  lastname: '',
  email: '',
  phone: DEFAULT_PHONE_PREFIX,
});

const fromView = (signer: SigningSigner): SignerInput => ({
  party: signer.party,
  firstname: signer.firstname,
  lastname: signer.lastname,
  email: signer.email,
  // The party's editors get their signers' phones in full; a masked one is typed again.
  phone: signer.phone && !signer.phone.includes('*') ? signer.phone : DEFAULT_PHONE_PREFIX,
});

/**
 * Signer setup (spec 3 §5): 1 to 4 signers of the caller's party (0 to 4 when named ahead in
 * negotiation), each with first name, last name, e-mail and phone, checked as typed. In `start`
 * mode it starts signing, with the option of the SMS two-step check. That check is the deal's,
 * for both parties' signers: in signing the setup shows it read-only, and before signing the
 * one who starts it chooses.
 */
export function SignerSetupDialog({
  view,
  mode,
  onClose,
}: {
  view: SigningView;
  mode: 'start' | 'setup';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const party = view.myParty ?? 'sender';
  const isNegotiation = mode === 'setup' && view.state !== 'in-signing';
  const existing = view.signers.filter((signer) => signer.party === party).map(fromView);
  // Starting with the signers already named: they are shown for confirmation, not asked again.
  const [isEditing, setIsEditing] = useState(
    mode === 'setup' ||
      existing.length === 0 ||
      validateSigners(existing, { mode: 'signing', parties: [party] }).issues.length > 0,
  );
  const setup = useSetupSigners(view.id);
  const start = useStartSigning(view.id);
  const mutation = mode === 'start' ? start : setup;

  // The route's rules for the party's signers (0 to 4 ahead in negotiation, else 1 to 4).
  const schema = useMemo(
    () =>
      z.object({
        signers: signerSetupSchema({
          mode: isNegotiation ? 'negotiation' : 'signing',
          parties: [party],
        }),
        use2faInSigning: z.boolean(),
        sendReminders: z.boolean(),
      }),
    [isNegotiation, party],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    // Every message of the list is shown, not the first only.
    criteriaMode: 'all',
    reValidateMode: 'onSubmit',
    defaultValues: {
      signers: existing.length > 0 ? existing : isNegotiation ? [] : [emptySigner(party)],
      use2faInSigning: view.use2faInSigning,
      sendReminders: true,
    },
  });
  // Checked as typed: from the first key in a signer's field on, the whole setup is checked at
  // each change (a changed e-mail changes the list's duplicate message too).
  const isChecking = useRef(false);
  useEffect(() => {
    const subscription = form.watch((_, { name, type }) => {
      if (type === 'change' && name?.startsWith('signers.')) isChecking.current = true;
      if (isChecking.current || form.formState.isSubmitted) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const signers = useWatch({ control: form.control, name: 'signers' });
  const listMessages = signerListMessages(form.formState.errors.signers);
  const fieldText = (message: string) => signingFieldText(message, lang);

  const setAmount = (amount: number) => {
    const current = form.getValues('signers');
    form.setValue(
      'signers',
      Array.from({ length: amount }, (_, index) => current[index] ?? emptySigner(party)),
    );
  };
  const submit = form.handleSubmit((values) =>
    mutation.mutate(
      mode === 'start'
        ? {
            signers: values.signers,
            use2faInSigning: values.use2faInSigning,
            // Left out, the server's defaults hold; null turns reminders off.
            ...(values.sendReminders ? {} : { reminders: null }),
          }
        : { signers: values.signers },
      { onSuccess: onClose },
    ),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {mode === 'start' ? t('signing.setup.startTitle') : t('signing.setup.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {isEditing
                ? t('signing.setup.intro', { party: view.parties[party].name })
                : t('signing.setup.named', { party: view.parties[party].name })}
            </Typography>
            {!isEditing && (
              <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {signers.map((signer) => (
                  <Typography component="li" key={signer.email}>
                    <strong>
                      {signer.firstname} {signer.lastname}
                    </strong>{' '}
                    · {signer.email} · {signer.phone}
                  </Typography>
                ))}
                <Button
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() => setIsEditing(true)}
                  size="small"
                >
                  {t('signing.changeSigners')}
                </Button>
              </Stack>
            )}
            {isEditing && (
              <TextField
                select
                label={t('signing.setup.amount')}
                value={signers.length}
                onChange={(event) => setAmount(Number(event.target.value))}
                helperText={t('signing.setup.amountHint')}
                sx={{ maxWidth: 240 }}
              >
                {Array.from({ length: MAX_SIGNERS_PER_PARTY + 1 }, (_, amount) => amount)
                  .filter((amount) => isNegotiation || amount >= 1)
                  .map((amount) => (
                    <MenuItem key={amount} value={amount}>
                      {amount}
                    </MenuItem>
                  ))}
              </TextField>
            )}
            {isEditing &&
              signers.map((_, index) => (
                <Stack
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the signer slots in order.
                  key={index}
                  spacing={1}
                  role="group"
                  aria-label={t('signing.setup.signerN', { n: index + 1 })}
                >
                  <Typography variant="subtitle2">
                    {t('signing.setup.signerN', { n: index + 1 })}
                  </Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                    {(['firstname', 'lastname', 'email', 'phone'] as const).map((field) => (
                      <FormTextField
                        key={field}
                        control={form.control}
                        name={`signers.${index}.${field}`}
                        label={t(`signing.setup.${field}`)}
                        helperText=" "
                        formatError={fieldText}
                        type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                        required
                        size="small"
                      />
                    ))}
                  </Stack>
                </Stack>
              ))}
            {listMessages.map((message) => (
              <Typography key={message} color="error" role="alert">
                {fieldText(message)}
              </Typography>
            ))}
            {mode === 'start' ? (
              <Controller
                control={form.control}
                name="use2faInSigning"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        inputRef={field.ref}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                    label={t('signing.setup.use2fa')}
                  />
                )}
              />
            ) : null}
            {mode === 'start' && (
              <Controller
                control={form.control}
                name="sendReminders"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        inputRef={field.ref}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                    label={t('signing.setup.sendReminders', REMINDER_DEFAULTS)}
                  />
                )}
              />
            )}
            {mode === 'start'
              ? null
              : view.state === 'in-signing' && (
                  <Stack>
                    <FormControlLabel
                      control={<Checkbox checked={view.use2faInSigning} disabled />}
                      label={t('signing.setup.use2fa')}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {t('signing.setup.use2faDeal')}
                    </Typography>
                  </Stack>
                )}
            <ErrorAlert error={mutation.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton isPending={mutation.isPending}>
            {mode === 'start' ? t('signing.setup.start') : t('signing.setup.save')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
