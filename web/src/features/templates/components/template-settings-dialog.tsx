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
  couponCodeSchema,
  SHORT_TEXT_MAX,
  type TemplateMessageKey,
  templateMessages,
  toCouponSlug,
} from '@pactum/core/templates';
import { type Lang, translateMessage } from '@pactum/core/validation';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { ApiError } from '../../../app/http';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import type { TemplateDetail } from '../api/get-template';
import { usePublishTemplate } from '../api/publish-template';
import { useUnpublishTemplate } from '../api/unpublish-template';
import { useUpdateTemplate } from '../api/update-template';

type TemplateSettingsDialogProps = { template: TemplateDetail; onClose: () => void };

/** The coupon schema's message in `lang`: a field message key, or one of the area's texts. */
function couponIssueText(message: string, lang: Lang): string {
  if (message.startsWith('v:')) return translateMessage(message, lang);
  const keys = Object.keys(templateMessages.en) as TemplateMessageKey[];
  const key = keys.find((candidate) => templateMessages.en[candidate] === message);
  return templateMessages[lang][key ?? 'couponInvalid'];
}

/**
 * Template settings: the coupon code (a lower-case slug, unique: 'This coupon code is already in
 * use. Please write another one.'), and for administrators the price per receiver and
 * publishing — global needs a partner and a confirmation; unpublishing clears the partner.
 * Mounted per opening, so it starts from the template as it is.
 */
export function TemplateSettingsDialog({ template, onClose }: TemplateSettingsDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const update = useUpdateTemplate(template.id);
  const [coupon, setCoupon] = useState(template.couponCode ?? '');
  const [couponError, setCouponError] = useState<string>();
  const [price, setPrice] = useState(template.price === null ? '' : String(template.price));
  const priceNumber = price.trim() === '' ? null : Number(price);
  const isPriceValid =
    priceNumber === null ||
    (Number.isInteger(priceNumber) && priceNumber >= 0 && priceNumber <= 10_000);
  const isChanged =
    (coupon.trim() || null) !== template.couponCode ||
    (template.canPublish && priceNumber !== template.price);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const parsed = couponCodeSchema.safeParse(coupon);
    if (!parsed.success) {
      setCouponError(couponIssueText(parsed.error.issues[0]?.message ?? '', lang));
      return;
    }
    if (!isPriceValid) return;
    update.mutate(
      {
        couponCode: parsed.data,
        ...(template.canPublish && priceNumber !== template.price ? { price: priceNumber } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('templates.settings.saved'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'coupon_in_use') {
            setCouponError(errorText(error, lang));
          } else {
            toast.error(errorText(error, lang));
          }
        },
      },
    );
  };

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
            <TextField
              label={t('templates.settings.coupon')}
              value={coupon}
              onChange={(event) => {
                setCoupon(event.target.value);
                setCouponError(undefined);
              }}
              onBlur={() => setCoupon((value) => (value.trim() ? toCouponSlug(value) : ''))}
              error={Boolean(couponError)}
              helperText={couponError ?? t('templates.settings.couponHelp')}
              placeholder="special-offer-0405"
              fullWidth
            />
            {template.canPublish && (
              <TextField
                label={t('templates.settings.price')}
                value={price}
                onChange={(event) => setPrice(event.target.value.replace(/[^\d]/g, ''))}
                error={!isPriceValid}
                helperText={t('templates.settings.priceHelp')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
            )}
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

/** Publishing, for administrators: global under a partner, or back to private. */
function PublishSection({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const publish = usePublishTemplate(template.id);
  const unpublish = useUnpublishTemplate(template.id);
  const [partner, setPartner] = useState(template.partner ?? '');
  const [isConfirming, setIsConfirming] = useState(false);
  const [partnerError, setPartnerError] = useState<string>();
  const onError = (error: unknown) => toast.error(errorText(error, lang));

  const ask = () => {
    const name = partner.trim();
    if (!name) {
      setPartnerError(templateMessages[lang].publishNeedsPartner);
      return;
    }
    if (name.length > SHORT_TEXT_MAX) {
      setPartnerError(t('sections.tooLong', { n: SHORT_TEXT_MAX }));
      return;
    }
    setIsConfirming(true);
  };

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
            <TextField
              size="small"
              label={t('templates.fields.partner')}
              value={partner}
              onChange={(event) => {
                setPartner(event.target.value);
                setPartnerError(undefined);
              }}
              error={Boolean(partnerError)}
              helperText={partnerError}
              sx={{ flexGrow: 1 }}
            />
            <Button variant="outlined" onClick={ask} loading={publish.isPending}>
              {t('templates.publish.publish')}
            </Button>
          </Stack>
        </>
      )}
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
            : t('templates.publish.confirmText', { partner: partner.trim() })
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
                setPartner('');
                toast.success(t('templates.publish.unpublished'));
              },
              onError,
            });
          } else {
            publish.mutate(partner.trim(), {
              onSuccess: () => toast.success(t('templates.publish.published')),
              onError,
            });
          }
        }}
      />
    </Stack>
  );
}
