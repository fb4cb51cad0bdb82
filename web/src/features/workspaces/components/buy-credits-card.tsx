import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import {
  type BuyCredits,
  buyCreditsSchema,
  CREDITS_SLIDER_MAX,
  MAX_CREDITS_PER_PURCHASE,
  type PaymentFailureCode,
  priceCredits,
} from '@pactum/core/billing';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../app/error-text';
import { ErrorAlert } from '../../../ui/error-alert';
import { showFieldErrors } from '../../../ui/field-errors';
import { formatMoney } from '../../../ui/format';
import { mappedZodResolver } from '../../../ui/mapped-resolver';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useBuyCredits } from '../api/buy-credits';
import { emptyCard } from '../card-input';
import {
  type BuyFormValues,
  DEFAULT_BUY_CREDITS,
  KEY_PLACEHOLDER,
  toBuyRequest,
} from '../order-values';
import { browserStorage, rememberPayment } from '../payment-continue';
import { forgetPurchaseKey, isPurchaseAnswered, purchaseKey, tabStorage } from '../purchase-key';
import type { Workspace } from '../types';
import { useUnconfirmOnChange } from '../use-unconfirm-on-change';
import { isPaymentRefusal, useWorkspaceText } from '../use-workspace-text';
import { workspacePath } from '../workspace-paths';
import { CardFields } from './card-fields';
import { ConfirmPurchaseField } from './confirm-purchase-field';
import { CreditsField } from './credits-field';
import { PriceSummary } from './price-summary';

const buyResolver = mappedZodResolver(buyCreditsSchema, (values: BuyFormValues) =>
  toBuyRequest(values, KEY_PLACEHOLDER),
);

const FIELD_NAMES = [
  'credits',
  'card.number',
  'card.expMonth',
  'card.expYear',
  'card.cvc',
  'confirm',
];

const emptyPurchase: BuyFormValues = {
  credits: DEFAULT_BUY_CREDITS,
  card: emptyCard,
  confirm: false,
};

type BuyCreditsCardProps = {
  workspace: Workspace;
  /** The processor's text of a failed first payment, when the order form sent the user here. */
  earlierError?: PaymentFailureCode | undefined;
  /** Where 3-D Secure comes back to; the workspace's page unless given. */
  returnTo?: string;
};

/**
 * Buys credits by card (spec 3 §5 'Buying credits'): 1 to 200 on the slider (more typed, up to
 * 2000), 5 to start with. The button works when the form is valid, the purchase confirmed, the
 * workspace verified and the user its administrator. With 3-D Secure the browser goes to the
 * bank's page and comes back to the verification route.
 */
export function BuyCreditsCard({ workspace, earlierError, returnTo }: BuyCreditsCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message, describeError } = useWorkspaceText();
  const buy = useBuyCredits(workspace.id);
  const [isLeaving, setIsLeaving] = useState(false);
  const isAdministrator = workspace.role === 'edit';
  const canBuy = isAdministrator && workspace.isVerified && !workspace.isDemo;
  const form = useForm<BuyFormValues, unknown, BuyCredits>({
    resolver: buyResolver,
    mode: 'all',
    defaultValues: emptyPurchase,
  });
  const { isValid } = form.formState;
  const credits = useWatch({ control: form.control, name: 'credits' });
  const country = workspace.address.country ?? '';
  const purchase =
    Number.isInteger(credits) && credits >= 1 && credits <= MAX_CREDITS_PER_PURCHASE
      ? priceCredits(credits, workspace.currency, country)
      : undefined;
  useUnconfirmOnChange(form, String(credits));

  const onSubmit = form.handleSubmit((request) => {
    // The same purchase sent again (a lost answer, a reload) carries its key: charged once.
    const purchaseName = `buy:${workspace.id}:${request.credits}`;
    buy.mutate(
      { ...request, idempotencyKey: purchaseKey(tabStorage(), purchaseName) },
      {
        onSuccess: (payment) => {
          if (isPurchaseAnswered(payment.status)) forgetPurchaseKey(tabStorage(), purchaseName);
          if (payment.status === 'requires_action' && payment.redirectUrl) {
            rememberPayment(browserStorage(), {
              paymentId: payment.paymentId,
              workspaceId: workspace.id,
              returnTo: returnTo ?? workspacePath(workspace.id),
              kind: 'purchase',
            });
            setIsLeaving(true);
            window.location.assign(payment.redirectUrl);
            return;
          }
          form.reset(emptyPurchase);
          if (payment.status === 'succeeded') {
            toast.success(
              t('workspaces.buy.purchased', { credits: payment.credits, title: workspace.title }),
            );
          } else {
            // Still under way at the processor: the credits come with its confirmation.
            toast.info(t('workspaces.verify.stillPending'));
          }
        },
        onError: (error) => {
          // A refused card ends the purchase; a lost answer or an outage keeps its key.
          if (isPaymentRefusal(error)) {
            forgetPurchaseKey(tabStorage(), purchaseName);
          }
          showFieldErrors(error, form.setError, FIELD_NAMES);
        },
      },
    );
  });

  // A refused card (402, its code says why) is shown on the card form.
  const paymentError = isPaymentRefusal(buy.error) ? describeError(buy.error) : undefined;
  const shownEarlierError =
    !buy.isPending && !buy.error && !buy.isSuccess ? earlierError : undefined;

  return (
    <SettingsCard
      title={t('workspaces.buy.title')}
      onSubmit={onSubmit}
      actions={
        <SubmitButton
          size="large"
          isPending={buy.isPending || isLeaving}
          disabled={!canBuy || !isValid}
        >
          {t('workspaces.buy.submit')}
        </SubmitButton>
      }
    >
      {!isAdministrator && <Alert severity="info">{t('workspaces.buy.administratorsOnly')}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <CreditsField
              control={form.control}
              name="credits"
              label={t('workspaces.buy.credits')}
              sliderLabel={t('workspaces.buy.creditsSlider')}
              min={1}
              sliderMax={CREDITS_SLIDER_MAX}
              formatError={message}
            />
            <CardFields control={form.control} />
            {(paymentError || shownEarlierError) && (
              <Alert severity="error" role="alert">
                {paymentError ?? (shownEarlierError ? codeText(shownEarlierError, lang) : '')}
              </Alert>
            )}
            {buy.error && !paymentError && (
              <ErrorAlert error={buy.error} describe={describeError} />
            )}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PriceSummary purchase={purchase} />
        </Grid>
      </Grid>
      <ConfirmPurchaseField
        control={form.control}
        name="confirm"
        disabled={!canBuy}
        label={t('workspaces.confirmPurchase', {
          credits: Number.isNaN(credits) ? 0 : credits,
          price: purchase ? formatMoney(purchase.purchaseTotal, purchase.currency, lang) : '–',
        })}
      />
    </SettingsCard>
  );
}
