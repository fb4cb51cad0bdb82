import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  DEFAULT_PHONE_PREFIX,
  replaceSignerRequestSchema,
  signerIssueText,
  validateSigners,
} from '@pactum/core/signing';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useLang } from '../../../ui/use-lang';
import type { SigningSigner } from '../api/get-signing';
import { useReplaceSigner } from '../api/signing-actions';
import { signingFieldText } from '../signing-field-text';
import { ReasonField } from './reason-field';

/**
 * 'Replace' (issue 40) for one signer of the caller's party who has not signed: the new
 * signer's name, e-mail and phone, and why. The others are not touched; the old link stops
 * working. Mounted per opening; a refusal keeps what was typed.
 */
export function ReplaceSignerDialog({
  dealId,
  signer,
  onClose,
  onReplaced,
}: {
  dealId: string;
  signer: SigningSigner;
  onClose: () => void;
  onReplaced: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const replace = useReplaceSigner(dealId, signer.id);
  const lang = useLang();
  // The signer is checked as the server checks a party's signers (required, e-mail, phone).
  const schema = useMemo(
    () =>
      replaceSignerRequestSchema.superRefine(({ reason: _reason, ...person }, context) => {
        const { issues } = validateSigners([{ ...person, party: signer.party }], {
          mode: 'signing',
          parties: [signer.party],
        });
        for (const issue of issues) {
          if (issue.index === null) continue;
          context.addIssue({
            code: 'custom',
            message: signerIssueText(issue),
            path: [issue.field],
          });
        }
      }),
    [signer.party],
  );
  const fieldText = (message: string) => signingFieldText(message, lang);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: DEFAULT_PHONE_PREFIX,
      reason: '',
    },
  });
  const submit = form.handleSubmit((body) => replace.mutate(body, { onSuccess: onReplaced }));
  const name = `${signer.firstname} ${signer.lastname}`;
  return (
    <Dialog
      open
      onClose={replace.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('signing.replace.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('signing.replace.intro', { name })}</DialogContentText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={form.control}
                name="firstname"
                formatError={fieldText}
                label={t('signing.replace.firstname')}
                required
                autoFocus
              />
              <FormTextField
                control={form.control}
                name="lastname"
                formatError={fieldText}
                label={t('signing.replace.lastname')}
                required
              />
            </Stack>
            <FormTextField
              control={form.control}
              name="email"
              formatError={fieldText}
              type="email"
              label={t('signing.replace.email')}
              required
            />
            <FormTextField
              control={form.control}
              name="phone"
              formatError={fieldText}
              type="tel"
              label={t('signing.replace.phone')}
              required
            />
            <ReasonField
              control={form.control}
              label={t('signing.replace.reason')}
              autoFocus={false}
            />
            <ErrorAlert error={replace.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={replace.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={replace.isPending}>{t('signing.replace.submit')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
