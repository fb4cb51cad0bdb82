import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { adminReasonBodySchema } from '@pactum/core/api/admin';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { ReauthenticateAlert } from '../../two-factor';
import { useReasonText } from '../use-reason-text';

/** The width of an admin action's dialog: room for a reason of a few lines. */
const REASON_DIALOG_WIDTH = 520;

/** An order review may be given without a reason; every other action needs one. */
const optionalReasonSchema = z.object({
  reason: z.union([z.literal(''), adminReasonBodySchema.shape.reason]),
});

type ReasonDialogProps = {
  title: string;
  /** What the action does, above the field. */
  text?: ReactNode;
  confirmLabel: string;
  /** The call is under way: the button spins and cannot be pressed again. */
  isPending: boolean;
  /** The server's refusal, shown in the dialog; the reason typed stays for another try. */
  error: unknown;
  /** A review of an order: the reason may stay empty. */
  isReasonOptional?: boolean;
  /** Fields of the action itself, above the reason (e.g. a credit amount). */
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * Confirms an admin action with the reason the event log keeps (3–500 characters). Mounted per
 * opening, so each opening starts empty; it stays open, with what was typed, when the action
 * fails, and the page closes it when the action succeeds.
 */
export function ReasonDialog({
  title,
  text,
  confirmLabel,
  isPending,
  error,
  isReasonOptional = false,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonError = useReasonText();
  const form = useForm({
    resolver: zodResolver(isReasonOptional ? optionalReasonSchema : adminReasonBodySchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(({ reason }) => onSubmit(reason));
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: REASON_DIALOG_WIDTH } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {text && <DialogContentText component="div">{text}</DialogContentText>}
            <FormTextField
              control={form.control}
              name="reason"
              label={isReasonOptional ? t('admin.reason.optionalLabel') : t('admin.reason.label')}
              helperText={t('admin.reason.hint')}
              required={!isReasonOptional}
              multiline
              minRows={2}
              autoFocus
              formatError={(message) => reasonError(form.getValues('reason'), message)}
            />
            <ReauthenticateAlert error={error} onConfirmed={() => submit()} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={isPending}>{confirmLabel}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
