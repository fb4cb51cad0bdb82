import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  publishTemplateSchema,
  type TemplateMessageKey,
  templateMessages,
  toCouponSlug,
  updateTemplateSchema,
} from '@pactum/core/templates';
import { type Lang, translateMessage } from '@pactum/core/validation';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/http';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { showFieldErrors } from '../../../ui/field-errors';
import { mappedZodResolver } from '../../../ui/mapped-resolver';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import type { TemplateDetail } from '../api/get-template';
import { usePublishTemplate } from '../api/publish-template';
import { useUnpublishTemplate } from '../api/unpublish-template';
import { useUpdateTemplate } from '../api/update-template';

type TemplateSettingsDialogProps = { template: TemplateDetail; onClose: () => void };

/** The dialog's part of the template update (PATCH /templates/:id): the coupon and the price. */
const settingsSchema = updateTemplateSchema.pick({ couponCode: true, price: true });
const SETTINGS_FIELDS = ['couponCode', 'price'] as const;
/** The form's values: the price as typed (digits; empty means 1 credit). */
type SettingsValues = { couponCode: string; price: string };

/** A typed price: empty is none (null), else the number of credits. */
const toPrice = (price: string) => (price.trim() === '' ? null : Number(price));

/** Whether a failed save is the coupon code taken by another template (shown on the field). */
const isCouponInUse = (error: unknown) =>
  error instanceof ApiError && error.code === 'coupon_in_use';

/** The coupon schema's message in `lang`: a field message key, or one of the area's texts. */
function couponIssueText(message: string, lang: Lang): string {
  if (message.startsWith('v:')) return translateMessage(message, lang);
  const keys = Object.keys(templateMessages.en) as TemplateMessageKey[];
  const key = keys.find((candidate) => templateMessages.en[candidate] === message);
  // Not one of the area's texts: a field message of the server's, shown as it came.
  return key ? templateMessages[lang][key] : message;
}

/**
 * Template settings: the coupon code (a lower-case slug, unique: 'This coupon code is already in
 * use. Please write another one.'), and for administrators the price per receiver and
 * publishing — global needs a partner and a confirmation; unpublishing clears the partner.
 * Checked with the update route's schema on save; the price as typed. Mounted per opening, so
 * it starts from the template as it is.
 */
export function TemplateSettingsDialog({ template, onClose }: TemplateSettingsDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const update = useUpdateTemplate(template.id);
  const resolver = useMemo(
    () =>
      mappedZodResolver(settingsSchema, (values: SettingsValues) => ({
        couponCode: values.couponCode,
        // Only administrators set a price: for others it is neither checked nor sent.
        price: template.canPublish ? toPrice(values.price) : undefined,
      })),
    [template.canPublish],
  );
  const form = useForm({
    resolver,
    // No re-check after a save: the coupon's message goes when it is typed in again, and the
    // price is checked as typed (its field, below).
    reValidateMode: 'onSubmit',
    defaultValues: {
      couponCode: template.couponCode ?? '',
      price: template.price === null ? '' : String(template.price),
    },
  });
  const [coupon, price] = useWatch({ control: form.control, name: ['couponCode', 'price'] });
  const priceNumber = toPrice(price);
  const isChanged =
    (coupon.trim() || null) !== template.couponCode ||
    (template.canPublish && priceNumber !== template.price);
  const isPriceValid = !form.formState.errors.price;

  const onSave = form.handleSubmit((values) => {
    update.mutate(
      {
        couponCode: values.couponCode,
        ...(template.canPublish && values.price !== template.price ? { price: values.price } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('templates.settings.saved'));
          onClose();
        },
        onError: (error) => {
          if (isCouponInUse(error)) {
            form.setError('couponCode', {
              type: 'server',
              message: templateMessages.en.couponInUse,
            });
          } else showFieldErrors(error, form.setError, SETTINGS_FIELDS);
        },
      },
    );
  });

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 560 } } }}
    >
      <form noValidate onSubmit={onSave}>
        <DialogTitle id={titleId}>{t('templates.settings.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={form.control}
              name="couponCode"
              render={({ field, fieldState }) => (
                <TextField
                  label={t('templates.settings.coupon')}
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('couponCode');
                  }}
                  onBlur={() => {
                    field.onChange(field.value.trim() ? toCouponSlug(field.value) : '');
                    field.onBlur();
                  }}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message
                      ? couponIssueText(fieldState.error.message, lang)
                      : t('templates.settings.couponHelp')
                  }
                  placeholder="special-offer-0405"
                  fullWidth
                />
              )}
            />
            {template.canPublish && (
              <Controller
                control={form.control}
                name="price"
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('templates.settings.price')}
                    name={field.name}
                    value={field.value}
                    inputRef={field.ref}
                    onChange={(event) => {
                      field.onChange(event.target.value.replace(/[^\d]/g, ''));
                      // Checked as typed: Save waits for a price within the rule.
                      void form.trigger('price');
                    }}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={t('templates.settings.priceHelp')}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    fullWidth
                  />
                )}
              />
            )}
            <ErrorAlert error={isCouponInUse(update.error) ? null : update.error} />
          </Stack>
          {template.canPublish && (
            <>
              <Divider sx={{ my: 3 }} />
              <PublishSection template={template} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            disabled={!isChanged || !isPriceValid}
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A message of the publish route's partner rule in `lang`. */
function partnerIssueText(message: string, lang: Lang): string {
  if (message === templateMessages.en.publishNeedsPartner) {
    return templateMessages[lang].publishNeedsPartner;
  }
  return translateMessage(message, lang);
}

/**
 * Publishing, for administrators: global under a partner (checked with the publish route's
 * schema, then confirmed), or back to private.
 */
function PublishSection({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const publish = usePublishTemplate(template.id);
  const unpublish = useUnpublishTemplate(template.id);
  const [isConfirming, setIsConfirming] = useState(false);
  /** The partner to publish under, as checked when publishing was asked. */
  const [askedPartner, setAskedPartner] = useState('');
  const form = useForm({
    resolver: zodResolver(publishTemplateSchema),
    // The message stays until the partner is typed in again.
    reValidateMode: 'onSubmit',
    defaultValues: { partner: template.partner ?? '' },
  });

  // Not a form element of its own: the section is inside the settings form (no nested forms).
  const ask = form.handleSubmit(({ partner }) => {
    setAskedPartner(partner);
    setIsConfirming(true);
  });

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('templates.publish.title')}
      </Typography>
      {template.isGlobal ? (
        <>
          <Alert severity="info">
            {t('templates.publish.isGlobal', { partner: template.partner ?? '' })}
          </Alert>
          <Stack direction="row">
            <Button variant="outlined" color="warning" onClick={() => setIsConfirming(true)}>
              {t('templates.publish.unpublish')}
            </Button>
          </Stack>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('templates.publish.text')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Controller
              control={form.control}
              name="partner"
              render={({ field, fieldState }) => (
                <TextField
                  size="small"
                  label={t('templates.fields.partner')}
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('partner');
                  }}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message
                      ? partnerIssueText(fieldState.error.message, lang)
                      : undefined
                  }
                  sx={{ flexGrow: 1 }}
                />
              )}
            />
            <Button variant="outlined" onClick={() => void ask()} loading={publish.isPending}>
              {t('templates.publish.publish')}
            </Button>
          </Stack>
        </>
      )}
      <ErrorAlert error={publish.error ?? unpublish.error} />
      <ConfirmDialog
        isOpen={isConfirming}
        title={
          template.isGlobal
            ? t('templates.publish.unpublishTitle')
            : t('templates.publish.confirmTitle')
        }
        text={
          template.isGlobal
            ? t('templates.publish.unpublishText')
            : t('templates.publish.confirmText', { partner: askedPartner })
        }
        confirmLabel={
          template.isGlobal ? t('templates.publish.unpublish') : t('templates.publish.publish')
        }
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          setIsConfirming(false);
          if (template.isGlobal) {
            unpublish.mutate(undefined, {
              onSuccess: () => {
                form.reset({ partner: '' });
                toast.success(t('templates.publish.unpublished'));
              },
            });
          } else {
            publish.mutate(askedPartner, {
              onSuccess: () => toast.success(t('templates.publish.published')),
              onError: (error) => showFieldErrors(error, form.setError, ['partner']),
            });
          }
        }}
      />
    </Stack>
  );
}
