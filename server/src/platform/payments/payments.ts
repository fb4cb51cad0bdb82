import type { CardSummary } from '../../db/schema';

/** A card as the customer typed it; only the test processor ever receives the number. */
export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

export type ChargeRequest = {
  /** Minor units (the 3-D amount: purchase total x 100). */
  amount: number;
  currency: 'EUR' | 'SEK' | 'USD';
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
};

export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string; card: CardSummary | null }
  | {
      status: 'requires_action';
      providerPaymentId: string;
      redirectUrl: string;
      card: CardSummary | null;
    }
  | { status: 'failed'; providerPaymentId: string | null; message: string };

/** What a verified webhook event says about a charge. */
export type PaymentWebhookEvent = {
  eventId: string;
  type: string;
  providerPaymentId: string | null;
  outcome: 'succeeded' | 'failed' | null;
  message?: string;
};

/** A card processor. Prices are computed by Pactum; the processor only charges them. */
export type PaymentProvider = {
  readonly kind: 'test' | 'stripe';
  /**
   * When true, credits are granted only by a signature-verified webhook event, never by what
   * the browser's round trip reports.
   */
  readonly grantsOnWebhook: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge's state after the customer came back from 3-D Secure. */
  retrieve(
    providerPaymentId: string,
  ): Promise<{ status: 'requires_action' | 'succeeded' | 'failed'; message?: string }>;
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
