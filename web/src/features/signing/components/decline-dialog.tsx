import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { declineRequestSchema } from '@pactum/core/signing';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { SubmitButton } from '../../../ui/submit-button';
import { type DeclineResult, useDeclineSigning } from '../api/signing-actions';
import { ReasonField } from './reason-field';

/**
 * 'Decline to sign' (issue 40): the reason (10–1,000 characters) the other party reads, checked
 * here as the server checks it. Mounted per opening; when the server refuses, the dialog stays
 * open with the reason typed and the refusal shown.
 */
export function DeclineDialog({
  dealId,
  onClose,
  onDeclined,
}: {
  dealId: string;
  onClose: () => void;
  onDeclined: (result: DeclineResult) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const decline = useDeclineSigning(dealId);
  const form = useForm({
    resolver: zodResolver(declineRequestSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit((body) => decline.mutate(body, { onSuccess: onDeclined }));
  return (
    <Dialog
      open
      onClose={decline.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('signing.decline.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('signing.decline.intro')}</DialogContentText>
            <ReasonField control={form.control} label={t('signing.decline.reason')} />
            <ErrorAlert error={decline.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={decline.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={decline.isPending} color="error">
            {t('signing.decline.submit')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
