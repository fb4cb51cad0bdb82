import { z } from 'zod';
import type { ErrorCode } from './errors';
import {
  emailField,
  messageKey,
  optionalText,
  phoneField,
  plainText,
  requiredText,
} from './validation';

/** Billing currencies (spec 3 §9); EUR is the default. */
export const currencies = ['EUR', 'SEK', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/** A workspace member's billing access: `edit` is an administrator, `view` a user. */
export const workspaceRoles = ['edit', 'view'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** Credits in one purchase: whole numbers, at most 2000 (the slider offers 1 to 200). */
export const MAX_CREDITS_PER_PURCHASE = 2000;

/** Why a card payment failed: error codes of the API, the same for every processor. */
export const paymentFailureCodes = [
  'payment_failed',
  'card_declined',
  'card_not_chargeable',
  'card_number_incorrect',
  'card_cvc_incorrect',
  'card_expired',
  'card_details_missing',
  'not_test_card',
  'three_d_secure_failed',
  'card_authentication_unsupported',
  'payment_not_completed',
] as const satisfies readonly ErrorCode[];
export type PaymentFailureCode = (typeof paymentFailureCodes)[number];
export const CREDITS_SLIDER_MAX = 200;
/** Paying by invoice needs at least this many credits. */
export const MIN_INVOICE_CREDITS = 50;
/** Licences in one order (more: contact sales). */
export const MAX_LICENCES_PER_ORDER = 10;
/** Licences of a workspace when none is set. */
export const DEFAULT_MAX_SEATS = 1000;
/** New workspace licensing defaults. */
export const DEFAULT_SEAT_PRICE = 39;
/** Finnish buyers pay 24 % VAT; prices exclude VAT. */
export const FINNISH_VAT_PERCENT = 24;
/** The annual licence total must exceed this. */
export const MIN_ANNUAL_TOTAL = 100;
/** Transactions tab page size. */
export const TRANSACTIONS_PAGE_SIZE = 10;
/** The demo workspace (spec 3: a fixed id treated specially). */
export const DEMO_WORKSPACE_ID = '00000000-0000-4000-8000-00000000de70';

/**
 * Price of one credit by purchase size, in minor units (cents, öre), per currency. A purchase
 * is priced at the tier its size reaches.
 */
export const creditPriceTiers: Record<Currency, { minCredits: number; unitPrice: number }[]> = {
  EUR: [
    { minCredits: 1, unitPrice: 1200 },
    { minCredits: 10, unitPrice: 1000 },
    { minCredits: 50, unitPrice: 800 },
    { minCredits: 200, unitPrice: 600 },
  ],
  SEK: [
    { minCredits: 1, unitPrice: 13_500 },
    { minCredits: 10, unitPrice: 11_500 },
    { minCredits: 50, unitPrice: 9_000 },
    { minCredits: 200, unitPrice: 7_000 },
  ],
  USD: [
    { minCredits: 1, unitPrice: 1300 },
    { minCredits: 10, unitPrice: 1100 },
    { minCredits: 50, unitPrice: 900 },
    { minCredits: 200, unitPrice: 700 },
  ],
};

/** Monthly seat price by number of seats (the app's pricingTiers: maxLicenses, pricePerLicense). */
export const seatPriceTiers = [
  { maxLicenses: 3, pricePerLicense: 39 },
  { maxLicenses: 10, pricePerLicense: 35 },
] as const;

export type Purchase = {
  credits: number;
  currency: Currency;
  /** Minor units per credit. */
  unitPrice: number;
  /** Minor units, without tax. */
  subtotal: number;
  taxPrc: number;
  /** Minor units. */
  taxAmount: number;
  /** Minor units: what the card is charged (the 3-D amount). */
  purchaseTotal: number;
};

/** Prices a credit purchase. Only the server's figure is ever charged. */
export function priceCredits(credits: number, currency: Currency, country: string): Purchase {
  const tiers = creditPriceTiers[currency];
  const tier = [...tiers].reverse().find((t) => credits >= t.minCredits) ?? tiers[0];
  const unitPrice = tier?.unitPrice ?? 0;
  const subtotal = unitPrice * credits;
  const taxPrc = country.toLowerCase() === 'fi' ? FINNISH_VAT_PERCENT : 0;
  const taxAmount = Math.round((subtotal * taxPrc) / 100);
  return {
    credits,
    currency,
    unitPrice,
    subtotal,
    taxPrc,
    taxAmount,
    purchaseTotal: subtotal + taxAmount,
  };
}

/** Monthly price of one seat for a number of seats. */
export function seatPrice(seats: number): number {
  const tier = seatPriceTiers.find((t) => seats <= t.maxLicenses) ?? seatPriceTiers.at(-1);
  return tier?.pricePerLicense ?? DEFAULT_SEAT_PRICE;
}

/** 12 x seats x seat price (tiered). */
export function annualTotal(seats: number): number {
  return 12 * seats * seatPrice(seats);
}

/** Formats minor units as money, e.g. 1488 EUR → '14.88 EUR'. */
export function formatMoney(minor: number, currency: Currency): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}

/** Countries where an invoice account can be ordered. */
export const invoiceCountries = ['fi', 'se', 'no', 'dk', 'de', 'uk', 'hu', 'is', 'us'] as const;
/** EU VAT countries among them: these show the VAT number and e-invoice fields. */
export const euVatCountries = ['fi', 'se', 'dk', 'de', 'hu'] as const;

export function isEuVatCountry(country: string): boolean {
  return (euVatCountries as readonly string[]).includes(country.toLowerCase());
}

/** VAT ids upper-cased and stripped of anything but letters, digits, hyphen and dot. */
export function normaliseVat(vat: string): string {
  return vat.toUpperCase().replace(/[^A-Z0-9.-]/g, '');
}

export const creditsField = z
  .number({ message: messageKey('required') })
  .int()
  .min(1, messageKey('required'))
  .max(MAX_CREDITS_PER_PURCHASE, 'Max amount of credits is 2000. Please contact our sales!');

/** A card as typed into the built-in test provider's card entry. */
export const cardSchema = z.strictObject({
  number: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Invalid card number')),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Invalid CVC'),
});
export type CardInput = z.input<typeof cardSchema>;

const addressFields = {
  street1: requiredText(),
  street2: optionalText().default(''),
  zip: requiredText(),
  city: requiredText(),
  state: optionalText().default(''),
  country: z.enum(invoiceCountries, { message: messageKey('required') }),
};

/** The workspace order form, shared by card and invoice accounts. */
const orderBase = {
  title: requiredText(),
  currency: z.enum(currencies).default('EUR'),
  billingEmail: emailField(),
  contact: z.strictObject({ name: requiredText(), email: emailField(), phone: phoneField() }),
  company: z.strictObject({
    name: requiredText(),
    vat: optionalText().default('').transform(normaliseVat),
    department: optionalText().default(''),
    costcenter: optionalText().default(''),
    www: optionalText().default(''),
  }),
  address: z.strictObject(addressFields),
  /** 'I confirm the purchase…' */
  confirm: z.literal(true, { message: messageKey('required') }),
};

/** POST /api/v1/workspaces: order a card workspace (verified at once) or an invoice one (reviewed). */
export const createWorkspaceSchema = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('card'),
      ...orderBase,
      credits: creditsField,
      card: cardSchema.optional(),
      paymentMethodId: z.string().min(3).max(200).optional(),
      idempotencyKey: z.string().min(8).max(100),
    })
    .refine((value) => value.card !== undefined || value.paymentMethodId !== undefined, {
      message: messageKey('required'),
      path: ['card'],
    }),
  z.strictObject({
    type: z.literal('invoice'),
    ...orderBase,
    credits: creditsField.refine((n) => n >= MIN_INVOICE_CREDITS, 'Invoice (50 credits or more)'),
    licences: z.number().int().min(1).max(MAX_LICENCES_PER_ORDER),
    einvoice: z
      .strictObject({ address: optionalText().default(''), ovtbic: optionalText().default('') })
      .default({ address: '', ovtbic: '' }),
  }),
]);
export type CreateWorkspace = z.input<typeof createWorkspaceSchema>;

/** POST /api/v1/workspaces/:id/credits: buy credits with a card (administrators only). */
export const buyCreditsSchema = z
  .strictObject({
    credits: creditsField,
    /** The card as typed, for the built-in test processor. */
    card: cardSchema.optional(),
    /** The card as the processor's own browser form tokenised it (Stripe: `pm_…`). */
    paymentMethodId: z.string().min(3).max(200).optional(),
    confirm: z.literal(true, { message: messageKey('required') }),
    idempotencyKey: z.string().min(8).max(100),
  })
  .refine((value) => value.card !== undefined || value.paymentMethodId !== undefined, {
    message: messageKey('required'),
    path: ['card'],
  });
export type BuyCredits = z.input<typeof buyCreditsSchema>;

export const groupSchema = z.strictObject({
  name: requiredText(),
  description: optionalText(1000).default(''),
  memberIds: z.array(z.uuid()).min(1, 'Please add at least one member').max(1000),
});

export const tagSchema = z.strictObject({ tag: plainText().trim().max(100) });

export const inviteMemberSchema = z.strictObject({
  email: emailField(),
  role: z.enum(workspaceRoles).default('view'),
});
