import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { redeemCouponSchema } from '@pactum/core/templates';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useRedeemCoupon } from '../api/redeem-coupon';

type CouponDialogProps = { isOpen: boolean; onClose: () => void };

/**
 * Redeems a template coupon code: a valid code grants access to its template, which then shows
 * under Shared templates ('You have been granted access to template %s.').
 */
export function CouponDialog({ isOpen, onClose }: CouponDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const redeem = useRedeemCoupon();
  const form = useForm({
    resolver: zodResolver(redeemCouponSchema),
    mode: 'onChange',
    defaultValues: { couponCode: '' },
  });
  const close = () => {
    form.reset();
    redeem.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((body) =>
    redeem.mutate(body.couponCode, {
      onSuccess: ({ templateTitle }) => {
        toast.success(t('templates.coupon.granted', { title: templateTitle }));
        close();
      },
    }),
  );
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 440 } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('templates.coupon.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('templates.coupon.text')}</DialogContentText>
            <FormTextField
              control={form.control}
              name="couponCode"
              label={t('templates.coupon.code')}
              placeholder="special-offer-0405"
              autoFocus
              required
            />
            <ErrorAlert error={redeem.error} describe={(error) => errorText(error, lang)} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <SubmitButton isPending={redeem.isPending} disabled={!form.formState.isValid}>
            {t('templates.coupon.redeem')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
