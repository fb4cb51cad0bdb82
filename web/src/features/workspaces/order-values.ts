import type { Address, Company } from '@pactum/core/auth';
import {
  type BuyCredits,
  type CreateWorkspace,
  type Currency,
  invoiceCountries,
  isEuVatCountry,
  MIN_INVOICE_CREDITS,
} from '@pactum/core/billing';
import type { Me } from '../auth';
import { type CardFields, emptyCard, toCardInput } from './card-input';
import type { WorkspaceType } from './types';

/** The order form's values: the request's fields as typed, for both kinds of workspace. */
export type OrderFormValues = {
  type: WorkspaceType;
  title: string;
  currency: Currency;
  credits: number;
  licences: number;
  billingEmail: string;
  contact: { name: string; email: string; phone: string };
  company: Required<Company>;
  address: Required<Address>;
  einvoice: { address: string; ovtbic: string };
  card: CardFields;
  confirm: boolean;
};

type InvoiceCountry = (typeof invoiceCountries)[number];

/** The credits a new order starts with, per kind (spec 3 §9: 1 on create; invoice needs 50). */
export const defaultCredits: Record<WorkspaceType, number> = {
  card: 1,
  invoice: MIN_INVOICE_CREDITS,
};

/** Stands in for the idempotency key while the form is checked; each submit makes its own. */
export const KEY_PLACEHOLDER = 'checked-before-submit';

export function isInvoiceCountry(country: string): country is InvoiceCountry {
  return (invoiceCountries as readonly string[]).includes(country);
}

/**
 * A new order, filled in from the user's own details (the autofill of My account): the
 * contact is the user, the bill goes to the user's address. Spec 3 §2.5: type invoice.
 */
export function newOrderValues(me: Me): OrderFormValues {
  const country = (me.address.country ?? '').trim().toLowerCase();
  return {
    type: 'invoice',
    title: '',
    currency: 'EUR',
    credits: defaultCredits.invoice,
    licences: 1,
    billingEmail: me.email,
    contact: { name: me.name, email: me.email, phone: me.phone ?? '' },
    company: {
      name: me.company.name ?? '',
      vat: me.company.vat ?? '',
      department: me.company.department ?? '',
      costcenter: me.company.costcenter ?? '',
      www: me.company.www ?? '',
    },
    address: {
      street1: me.address.street1 ?? '',
      street2: me.address.street2 ?? '',
      zip: me.address.zip ?? '',
      city: me.address.city ?? '',
      state: me.address.state ?? '',
      country: isInvoiceCountry(country) ? country : '',
    },
    einvoice: { address: '', ovtbic: '' },
    card: emptyCard,
    confirm: false,
  };
}

/**
 * The request of an order form: a card order carries the card and the idempotency key, an
 * invoice order its licences and (in EU VAT countries) its e-invoice address. What the user
 * has not filled in correctly is passed on as typed, for the shared schema to refuse.
 */
export function toOrderRequest(values: OrderFormValues, idempotencyKey: string): CreateWorkspace {
  const base = {
    title: values.title,
    currency: values.currency,
    credits: values.credits,
    billingEmail: values.billingEmail,
    contact: values.contact,
    company: values.company,
    address: { ...values.address, country: values.address.country as InvoiceCountry },
    confirm: values.confirm as true,
  };
  if (values.type === 'card') {
    return { ...base, type: 'card', card: toCardInput(values.card), idempotencyKey };
  }
  return {
    ...base,
    type: 'invoice',
    licences: values.licences,
    einvoice: isEuVatCountry(values.address.country)
      ? values.einvoice
      : { address: '', ovtbic: '' },
  };
}

/** The buy-credits form's values. */
export type BuyFormValues = { credits: number; card: CardFields; confirm: boolean };

/** Spec 3 §9: buying starts at 5 credits. */
export const DEFAULT_BUY_CREDITS = 5;

export function toBuyRequest(values: BuyFormValues, idempotencyKey: string): BuyCredits {
  return {
    credits: values.credits,
    card: toCardInput(values.card),
    confirm: values.confirm as true,
    idempotencyKey,
  };
}
