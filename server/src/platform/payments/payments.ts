import type { PaymentProviderKind } from '@pactum/core/api/payments';
import type { Currency, PaymentFailureCode } from '@pactum/core/billing';
import { errorMessage } from '@pactum/core/errors';
import type { CardSummary } from '../../db/schema';

/** A failed charge: why, as an API error code, and the processor's own (English) words. */
export type ChargeFailure = { status: 'failed'; code: PaymentFailureCode; message: string };

/** A failure whose words are the catalogue's text of its code, or the processor's own. */
export function chargeFailure(
  code: PaymentFailureCode,
  message: string = errorMessage(code),
): ChargeFailure {
  return { status: 'failed', code, message };
}

/** A card as the customer typed it; only the test processor ever receives the number. */
export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

export type ChargeRequest = {
  /** Minor units (the 3-D amount: purchase total x 100). */
  amount: number;
  currency: Currency;
  /** The card as typed (the test processor only). */
  card?: CardDetails;
  /** The card as the processor's browser form tokenised it (Stripe). */
  paymentMethodId?: string;
  /** Pactum's payment id, kept with the charge so webhooks can find it. */
  paymentId: string;
  description: string;
  /** Where the processor's 3-D Secure page sends the customer back to. */
  returnUrl: string;
  /** The same key gives the same charge, however often it is sent. */
  idempotencyKey: string;
  /**
   * Called with the processor's id for the charge before the card can be charged, and awaited:
   * once it is stored, an answer lost to a crash can still be looked up by the reconciliation.
   */
  onProviderId(providerPaymentId: string): Promise<void>;
};

/**
 * How a charge stands at the processor. `not_charged`: the processor knows of no charge for
 * the id, or holds one that was never confirmed; no money has moved.
 */
export type ChargeStatus =
  | {
      status: 'requires_action' | 'succeeded' | 'not_charged';
      code?: undefined;
      message?: undefined;
    }
  | ChargeFailure;

export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string; card: CardSummary | null }
  | {
      status: 'requires_action';
      providerPaymentId: string;
      redirectUrl: string;
      card: CardSummary | null;
    }
  | (ChargeFailure & { providerPaymentId: string | null });

/** What a verified webhook event says about a charge. */
export type PaymentWebhookEvent = {
  eventId: string;
  type: string;
  providerPaymentId: string | null;
  outcome: 'succeeded' | 'failed' | null;
  /** With a failed outcome: why. */
  failure?: ChargeFailure;
};

/** A card processor. Prices are computed by Pactum; the processor only charges them. */
export type PaymentProvider = {
  readonly kind: PaymentProviderKind;
  /**
   * When true, credits are granted only by a signature-verified webhook event, never by what
   * the browser's round trip reports.
   */
  readonly grantsOnWebhook: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge's state, asked of the processor (after 3-D Secure, or by the reconciliation). */
  retrieve(providerPaymentId: string): Promise<ChargeStatus>;
  /**
   * Makes an abandoned charge (3-D Secure never finished, or never confirmed) impossible to
   * complete, and says how it ended: one that succeeded meanwhile stays succeeded.
   */
  cancel(providerPaymentId: string): Promise<ChargeStatus>;
  /** Verifies a webhook's signature and reads it; throws on a bad signature. */
  readWebhook?(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent;
};

/** Luhn check of a card number. */
export function isLuhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}
