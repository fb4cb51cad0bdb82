import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ADMIN_MAX_ADJUSTMENT } from '@pactum/core/admin';
import { adminCreditAdjustmentBodySchema } from '@pactum/core/api/admin';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../ui/form-text-field';
import { mappedZodResolver } from '../../../ui/mapped-resolver';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { ReauthenticateAlert } from '../../two-factor';
import { useAdjustCredits } from '../api/adjust-credits';
import { parseAmount } from '../credit-amount';
import { useReasonText } from '../use-reason-text';

const formSchema = adminCreditAdjustmentBodySchema.omit({ idempotencyKey: true });
type FormValues = { amount: string; reason: string };

type CreditAdjustmentDialogProps = {
  workspace: { id: string; title: string; credits: number };
  onClose: () => void;
};

/**
 * Adds (a positive amount) or removes (a negative one) credits with a reason. Mounted per
 * opening with one idempotency key, so a double click or a retry after a lost answer applies
 * the adjustment once; a removal below zero is refused by the server and said here.
 */
export function CreditAdjustmentDialog({ workspace, onClose }: CreditAdjustmentDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const adjust = useAdjustCredits();
  const reasonError = useReasonText();
  const form = useForm<FormValues, unknown, { amount: number; reason: string }>({
    resolver: mappedZodResolver(formSchema, (values: FormValues) => ({
      amount: parseAmount(values.amount),
      reason: values.reason,
    })),
    mode: 'onTouched',
    defaultValues: { amount: '', reason: '' },
  });
  const amount = parseAmount(useWatch({ control: form.control, name: 'amount' }));
  const submit = form.handleSubmit((body) =>
    adjust.mutate(
      { workspaceId: workspace.id, body: { ...body, idempotencyKey } },
      {
        onSuccess: ({ balance }) => {
          toast.success(
            t('admin.credits.adjusted', { title: workspace.title, balance: String(balance) }),
          );
          onClose();
        },
      },
    ),
  );
  const amountError = (): string => {
    if (!Number.isInteger(amount)) return t('admin.credits.amountInvalid');
    if (amount === 0) return t('admin.credits.amountZero');
    return t('admin.credits.amountRange', { max: ADMIN_MAX_ADJUSTMENT });
  };
  return (
    <Dialog
      open
      onClose={adjust.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 520 } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {t('admin.credits.title', { title: workspace.title })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('admin.credits.text')}</DialogContentText>
            <FormTextField
              control={form.control}
              name="amount"
              label={t('admin.credits.amount')}
              helperText={
                Number.isInteger(amount) && amount !== 0
                  ? t('admin.credits.balanceAfter', {
                      now: workspace.credits,
                      after: workspace.credits + amount,
                    })
                  : t('admin.credits.amountHint', { now: workspace.credits })
              }
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
              formatError={amountError}
            />
            <FormTextField
              control={form.control}
              name="reason"
              label={t('admin.reason.label')}
              helperText={t('admin.reason.hint')}
              required
              multiline
              minRows={2}
              formatError={(message) => reasonError(form.getValues('reason'), message)}
            />
            <ReauthenticateAlert error={adjust.error} onConfirmed={() => submit()} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={adjust.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={adjust.isPending}>{t('admin.credits.submit')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
