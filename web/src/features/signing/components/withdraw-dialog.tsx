import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { type WithdrawTarget, withdrawRequestSchema } from '@pactum/core/signing';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { SubmitButton } from '../../../ui/submit-button';
import type { SigningView } from '../api/get-signing';
import { useWithdrawSigning } from '../api/signing-actions';
import { ReasonField } from './reason-field';

/**
 * 'Withdraw' (issue 40), for the sender's side while in signing: the reason the signers and the
 * other party are mailed, and where the deal goes (a Send & Sign PDF: the trash only). Mounted
 * per opening; a refusal keeps what was typed.
 */
export function WithdrawDialog({
  view,
  onClose,
  onWithdrawn,
}: {
  view: SigningView;
  onClose: () => void;
  onWithdrawn: (next: SigningView, moveTo: WithdrawTarget) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const moveToId = useId();
  const withdraw = useWithdrawSigning(view.id);
  const isPdf = view.process === 'pdf';
  const form = useForm({
    resolver: zodResolver(withdrawRequestSchema),
    mode: 'onTouched',
    defaultValues: { reason: '', moveTo: isPdf ? ('trash' as const) : ('negotiation' as const) },
  });
  const submit = form.handleSubmit((body) =>
    withdraw.mutate(body, { onSuccess: (next) => onWithdrawn(next, body.moveTo) }),
  );
  return (
    <Dialog
      open
      onClose={withdraw.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('signing.withdraw.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('signing.withdraw.intro')}</DialogContentText>
            <ReasonField control={form.control as never} label={t('signing.withdraw.reason')} />
            <FormControl>
              <FormLabel id={moveToId}>{t('signing.withdraw.moveTo')}</FormLabel>
              <Controller
                control={form.control}
                name="moveTo"
                render={({ field }) => (
                  <RadioGroup aria-labelledby={moveToId} {...field}>
                    <FormControlLabel
                      value="negotiation"
                      control={<Radio />}
                      label={t('signing.withdraw.toNegotiation')}
                      disabled={isPdf}
                    />
                    <FormControlLabel
                      value="trash"
                      control={<Radio />}
                      label={t('signing.withdraw.toTrash')}
                    />
                  </RadioGroup>
                )}
              />
              {isPdf && <FormHelperText>{t('signing.withdraw.pdfOnlyTrash')}</FormHelperText>}
            </FormControl>
            <ErrorAlert error={withdraw.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={withdraw.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={withdraw.isPending} color="warning">
            {t('signing.withdraw.submit')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
