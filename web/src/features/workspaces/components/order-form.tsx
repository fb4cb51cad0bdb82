import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  annualTotal,
  CREDITS_SLIDER_MAX,
  type CreateWorkspace,
  createWorkspaceSchema,
  currencies,
  invoiceCountries,
  isEuVatCountry,
  MAX_CREDITS_PER_PURCHASE,
  MAX_LICENCES_PER_ORDER,
  MIN_ANNUAL_TOTAL,
  MIN_INVOICE_CREDITS,
  priceCredits,
  seatPrice,
} from '@pactum/core/billing';
import { useId, useMemo } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../ui/error-alert';
import { showFieldErrors } from '../../../ui/field-errors';
import { FormTextField } from '../../../ui/form-text-field';
import { formatMoney } from '../../../ui/format';
import { mappedZodResolver } from '../../../ui/mapped-resolver';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import type { Me } from '../../auth';
import { type CreatedWorkspace, useCreateWorkspace } from '../api/create-workspace';
import {
  defaultCredits,
  KEY_PLACEHOLDER,
  newOrderValues,
  type OrderFormValues,
  toOrderRequest,
} from '../order-values';
import { browserStorage, rememberPayment } from '../payment-continue';
import { forgetPurchaseKey, purchaseKey, tabStorage } from '../purchase-key';
import type { WorkspaceType } from '../types';
import { useUnconfirmOnChange } from '../use-unconfirm-on-change';
import { useWorkspaceText } from '../use-workspace-text';
import { workspacePath } from '../workspace-paths';
import { CardFields } from './card-fields';
import { ConfirmPurchaseField } from './confirm-purchase-field';
import { CreditsField } from './credits-field';
import { PriceSummary } from './price-summary';

const orderResolver = mappedZodResolver(createWorkspaceSchema, (values: OrderFormValues) =>
  toOrderRequest(values, KEY_PLACEHOLDER),
);

/** The form's fields by the request's paths, for the server's per-field messages. */
const FIELD_NAMES = [
  'title',
  'currency',
  'credits',
  'licences',
  'billingEmail',
  ...['name', 'email', 'phone'].map((name) => `contact.${name}`),
  ...['name', 'vat', 'department', 'costcenter', 'www'].map((name) => `company.${name}`),
  ...['street1', 'street2', 'zip', 'city', 'state', 'country'].map((name) => `address.${name}`),
  'einvoice.address',
  'einvoice.ovtbic',
  ...['number', 'expMonth', 'expYear', 'cvc'].map((name) => `card.${name}`),
  'confirm',
];

/** A valid amount of credits, priced; undefined while the amount is not valid. */
function purchaseOf(credits: number, currency: OrderFormValues['currency'], country: string) {
  return Number.isInteger(credits) && credits >= 1 && credits <= MAX_CREDITS_PER_PURCHASE
    ? priceCredits(credits, currency, country)
    : undefined;
}

/**
 * The workspace order form (spec 3 §5 'Workspace order form'): a card workspace is paid now
 * and ready at once, an invoice workspace (50 credits or more, 1 to 10 licences) is reviewed
 * first. The button works once the form is valid and the purchase is confirmed.
 * Used elsewhere (the send page's 'Create new billing account'), `onOrdered` replaces going to
 * the new workspace's page and `returnTo` is where 3-D Secure comes back to.
 */
export function OrderForm({
  me,
  onOrdered,
  returnTo,
}: {
  me: Me;
  onOrdered?: (workspaceId: string) => void;
  returnTo?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { message, describeError } = useWorkspaceText();
  const typeLabelId = useId();
  const create = useCreateWorkspace();
  const defaultValues = useMemo(() => newOrderValues(me), [me]);
  const form = useForm<OrderFormValues, unknown, CreateWorkspace>({
    resolver: orderResolver,
    mode: 'all',
    defaultValues,
  });
  const [type, credits, currency, country, licences] = useWatch({
    control: form.control,
    name: ['type', 'credits', 'currency', 'address.country', 'licences'],
  });
  const { isValid } = form.formState;
  const isCard = type === 'card';
  const isEuVat = isEuVatCountry(country);
  const purchase = purchaseOf(credits, currency, country);
  const seats = Number.isInteger(licences) ? licences : 1;
  const isPriceValid = isCard || annualTotal(seats) > MIN_ANNUAL_TOTAL;
  useUnconfirmOnChange(form, `${type}|${credits}|${currency}|${country}|${licences}`);

  const changeType = (next: WorkspaceType) => {
    form.setValue('type', next, { shouldDirty: true });
    // An amount the user has not chosen follows the kind; an invoice needs at least 50.
    if (!form.getFieldState('credits').isTouched) {
      form.setValue('credits', defaultCredits[next]);
    } else if (next === 'invoice' && !(form.getValues('credits') >= MIN_INVOICE_CREDITS)) {
      form.setValue('credits', MIN_INVOICE_CREDITS);
    }
    void form.trigger(['credits', 'licences']);
  };

  const onCreated = (request: CreateWorkspace, { workspaceId, payment }: CreatedWorkspace) => {
    const page = workspacePath(workspaceId);
    if (payment?.status === 'requires_action' && payment.redirectUrl) {
      rememberPayment(browserStorage(), {
        paymentId: payment.paymentId,
        workspaceId,
        returnTo: returnTo ?? page,
        kind: 'order',
      });
      // The bank's 3-D Secure page is another site: a full navigation.
      window.location.assign(payment.redirectUrl);
      return;
    }
    if (payment?.status === 'succeeded') {
      toast.success(t('workspaces.create.createdAndPaid', { credits: payment.credits }));
      if (onOrdered) onOrdered(workspaceId);
      else navigate(page);
      return;
    }
    toast.success(t('workspaces.create.created', { title: request.title }));
    if (onOrdered) {
      onOrdered(workspaceId);
      return;
    }
    if (payment?.status === 'failed') {
      // The workspace exists; the card can be tried again from its page.
      navigate(`${page}#buy-credits`, {
        state: { paymentError: payment.failureCode ?? 'payment_failed' },
      });
      return;
    }
    navigate(page);
  };

  const onSubmit = form.handleSubmit((request) => {
    // The order's key belongs to the order (its name and amount), kept across retries and
    // reloads: sent again after a lost answer it is the same workspace and the same charge.
    const purchaseName = `order:${request.title}:${request.credits}`;
    const body: CreateWorkspace =
      request.type === 'card'
        ? { ...request, idempotencyKey: purchaseKey(tabStorage(), purchaseName) }
        : request;
    create.mutate(body, {
      onSuccess: (created) => {
        // Any answer made the workspace: ordering again is a new order.
        forgetPurchaseKey(tabStorage(), purchaseName);
        onCreated(body, created);
      },
      onError: (error) => showFieldErrors(error, form.setError, FIELD_NAMES),
    });
  });

  const text = (
    name: Path<OrderFormValues>,
    label: string,
    options: { autoComplete?: string; required?: boolean; type?: string } = {},
  ) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      autoComplete={options.autoComplete}
      required={options.required}
      type={options.type}
      formatError={message}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <SettingsCard
              title={t('workspaces.create.workspace')}
              description={t('workspaces.create.intro')}
            >
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <Box>
                    <FormLabel id={typeLabelId}>{t('workspaces.create.paymentMethod')}</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby={typeLabelId}
                      name={field.name}
                      value={field.value}
                      onChange={(event) => changeType(event.target.value as WorkspaceType)}
                    >
                      <FormControlLabel
                        value="card"
                        control={<Radio />}
                        label={t('workspaces.create.typeCard')}
                      />
                      <FormControlLabel
                        value="invoice"
                        control={<Radio />}
                        label={t('workspaces.create.typeInvoice')}
                      />
                    </RadioGroup>
                  </Box>
                )}
              />
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 8 }}>
                  {text('title', t('workspaces.create.name'), { required: true })}
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormTextField
                    control={form.control}
                    name="currency"
                    label={t('workspaces.create.currency')}
                    select
                  >
                    {currencies.map((code) => (
                      <MenuItem key={code} value={code}>
                        {code}
                      </MenuItem>
                    ))}
                  </FormTextField>
                </Grid>
              </Grid>
            </SettingsCard>

            <SettingsCard title={t('workspaces.create.credits')}>
              <CreditsField
                control={form.control}
                name="credits"
                label={t('workspaces.create.credits')}
                sliderLabel={t('workspaces.buy.creditsSlider')}
                min={1}
                sliderMax={CREDITS_SLIDER_MAX}
                helperText={t('workspaces.create.creditsHint')}
                formatError={message}
              />
              {!isCard && (
                <>
                  <Typography variant="subtitle2" component="h3">
                    {t('workspaces.create.licences')}
                  </Typography>
                  <CreditsField
                    control={form.control}
                    name="licences"
                    label={t('workspaces.create.licences')}
                    sliderLabel={t('workspaces.create.licences')}
                    min={1}
                    sliderMax={MAX_LICENCES_PER_ORDER}
                    helperText={t('workspaces.create.licencesHint')}
                    formatError={() => t('workspaces.create.licencesHint')}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {t('workspaces.create.licencePrice', {
                      price: seatPrice(seats),
                      total: annualTotal(seats),
                      currency,
                    })}
                  </Typography>
                </>
              )}
            </SettingsCard>

            <SettingsCard title={t('workspaces.create.contact')}>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('contact.name', t('workspaces.create.contactName'), {
                    autoComplete: 'name',
                    required: true,
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('contact.phone', t('workspaces.create.contactPhone'), {
                    autoComplete: 'tel',
                    type: 'tel',
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('contact.email', t('workspaces.create.contactEmail'), {
                    autoComplete: 'email',
                    required: true,
                    type: 'email',
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('billingEmail', t('workspaces.create.billingEmail'), {
                    required: true,
                    type: 'email',
                  })}
                </Grid>
              </Grid>
            </SettingsCard>

            <SettingsCard title={t('workspaces.create.company')}>
              <Grid container spacing={2}>
                <Grid size={12}>
                  {text('company.name', t('workspaces.create.companyName'), {
                    autoComplete: 'organization',
                    required: true,
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text(
                    'company.vat',
                    isEuVat ? t('workspaces.create.vatEu') : t('workspaces.create.businessId'),
                  )}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('company.department', t('workspaces.create.department'))}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('company.costcenter', t('workspaces.create.costcenter'))}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('company.www', t('workspaces.create.www'), { autoComplete: 'url' })}
                </Grid>
              </Grid>
            </SettingsCard>

            <SettingsCard title={t('workspaces.create.address')}>
              <Grid container spacing={2}>
                <Grid size={12}>
                  {text('address.street1', t('workspaces.create.street1'), {
                    autoComplete: 'address-line1',
                    required: true,
                  })}
                </Grid>
                <Grid size={12}>
                  {text('address.street2', t('workspaces.create.street2'), {
                    autoComplete: 'address-line2',
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  {text('address.zip', t('workspaces.create.zip'), {
                    autoComplete: 'postal-code',
                    required: true,
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 8 }}>
                  {text('address.city', t('workspaces.create.city'), {
                    autoComplete: 'address-level2',
                    required: true,
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('address.state', t('workspaces.create.state'), {
                    autoComplete: 'address-level1',
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField
                    control={form.control}
                    name="address.country"
                    label={t('workspaces.create.country')}
                    required
                    select
                    formatError={message}
                  >
                    {invoiceCountries.map((code) => (
                      <MenuItem key={code} value={code}>
                        {t(`workspaces.countries.${code}`)}
                      </MenuItem>
                    ))}
                  </FormTextField>
                </Grid>
              </Grid>
            </SettingsCard>

            {!isCard && isEuVat && (
              <SettingsCard title={t('workspaces.create.einvoice')}>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    {text('einvoice.address', t('workspaces.create.einvoiceAddress'))}
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    {text('einvoice.ovtbic', t('workspaces.create.ovtbic'))}
                  </Grid>
                </Grid>
              </SettingsCard>
            )}

            {isCard && (
              <SettingsCard title={t('workspaces.card.title')}>
                <CardFields control={form.control} />
              </SettingsCard>
            )}
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }}>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <SettingsCard
              title={t('workspaces.create.summary')}
              actions={
                <SubmitButton
                  size="large"
                  isPending={create.isPending}
                  disabled={!isValid || !isPriceValid}
                >
                  {t('workspaces.create.submit')}
                </SubmitButton>
              }
            >
              <PriceSummary purchase={purchase} />
              {!isCard && <Alert severity="info">{t('workspaces.create.invoiceNote')}</Alert>}
              <ConfirmPurchaseField
                control={form.control}
                name="confirm"
                label={t('workspaces.confirmPurchase', {
                  credits: Number.isNaN(credits) ? 0 : credits,
                  price: purchase
                    ? formatMoney(purchase.purchaseTotal, purchase.currency, lang)
                    : '–',
                })}
              />
              <ErrorAlert error={create.error} describe={describeError} />
            </SettingsCard>
          </Box>
        </Grid>
      </Grid>
    </Box>
  );
}
