import type { PaymentFailureCode } from '@pactum/core/billing';
import Stripe from 'stripe';
import {
  type ChargeFailure,
  type ChargeStatus,
  chargeFailure,
  type PaymentProvider,
  type PaymentWebhookEvent,
} from './payments';

/** Stripe's error and decline codes that Pactum names on its own, by Stripe's code. */
const STRIPE_FAILURE_CODES: Record<string, PaymentFailureCode> = {
  card_declined: 'card_declined',
  generic_decline: 'card_declined',
  do_not_honor: 'card_declined',
  expired_card: 'card_expired',
  incorrect_number: 'card_number_incorrect',
  invalid_number: 'card_number_incorrect',
  incorrect_cvc: 'card_cvc_incorrect',
  invalid_cvc: 'card_cvc_incorrect',
  payment_intent_authentication_failure: 'three_d_secure_failed',
  authentication_required: 'three_d_secure_failed',
};

/**
 * A Stripe failure as a Pactum one: its decline or error code mapped to ours where we have one
 * (else `payment_failed`), Stripe's own words kept as the message.
 */
function stripeFailure(
  error: { code?: string | null; decline_code?: string | null; message?: string | null } | null,
  fallback: PaymentFailureCode = 'payment_failed',
): ChargeFailure {
  const code =
    (error?.decline_code && STRIPE_FAILURE_CODES[error.decline_code]) ||
    (error?.code && STRIPE_FAILURE_CODES[error.code]) ||
    fallback;
  return chargeFailure(code, error?.message ?? undefined);
}

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the client at a local server that answers with recorded payloads. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

function summary(method: Stripe.PaymentMethod | string | null | undefined) {
  if (!method || typeof method === 'string' || !method.card) return null;
  return {
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/** A PaymentIntent's state in Pactum's terms. */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeStatus {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded' };
    case 'requires_action':
    case 'processing':
      return { status: 'requires_action' };
    case 'requires_confirmation':
      return { status: 'not_charged' };
    case 'requires_payment_method':
      // Either never given a card, or its last attempt failed.
      return intent.last_payment_error
        ? stripeFailure(intent.last_payment_error)
        : { status: 'not_charged' };
    default:
      return chargeFailure('payment_failed');
  }
}

/**
 * Stripe PaymentIntents. The card is entered in Stripe's own browser form (a `pm_…` id reaches
 * us, never the number); 3-D Secure runs on Stripe's page and returns to Pactum; credits are
 * granted only by the signed `payment_intent.succeeded` webhook.
 */
export function createStripeProcessor(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.api ?? {}),
  });
  return {
    kind: 'stripe',
    grantsOnWebhook: true,
    async charge(request) {
      if (!request.paymentMethodId) {
        return {
          ...chargeFailure('card_details_missing', 'Enter the card in the card form.'),
          providerPaymentId: null,
        };
      }
      try {
        // Created unconfirmed first, so that its id is stored before the card can be charged:
        // a crash after the charge leaves a payment the reconciliation can look up.
        const created = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            payment_method: request.paymentMethodId,
            description: request.description,
            metadata: { paymentId: request.paymentId },
          },
          { idempotencyKey: `${request.idempotencyKey}:create` },
        );
        await request.onProviderId(created.id);
        const intent = await stripe.paymentIntents.confirm(
          created.id,
          { return_url: request.returnUrl, expand: ['payment_method'] },
          { idempotencyKey: `${request.idempotencyKey}:confirm` },
        );
        const card = summary(intent.payment_method);
        const outcome = outcomeOf(intent);
        if (outcome.status === 'failed' || outcome.status === 'not_charged') {
          const failure = outcome.status === 'failed' ? outcome : chargeFailure('payment_failed');
          return { ...failure, providerPaymentId: intent.id };
        }
        if (outcome.status === 'requires_action') {
          const redirectUrl = intent.next_action?.redirect_to_url?.url;
          if (!redirectUrl) {
            return {
              ...chargeFailure('card_authentication_unsupported'),
              providerPaymentId: intent.id,
            };
          }
          return { status: 'requires_action', providerPaymentId: intent.id, redirectUrl, card };
        }
        return { status: 'succeeded', providerPaymentId: intent.id, card };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            ...stripeFailure({
              code: error.code ?? null,
              decline_code: error.decline_code ?? null,
              message: error.message,
            }),
            providerPaymentId: error.payment_intent?.id ?? null,
          };
        }
        throw error;
      }
    },
    async retrieve(providerPaymentId) {
      return outcomeOf(await stripe.paymentIntents.retrieve(providerPaymentId));
    },
    async cancel(providerPaymentId) {
      try {
        await stripe.paymentIntents.cancel(providerPaymentId);
      } catch (error) {
        // An intent that succeeded (or was cancelled) meanwhile cannot be cancelled: say how it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      const outcome = outcomeOf(await stripe.paymentIntents.retrieve(providerPaymentId));
      return outcome.status === 'succeeded'
        ? outcome
        : outcome.status === 'failed'
          ? outcome
          : chargeFailure('payment_not_completed');
    },
    readWebhook(rawBody, signature) {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      const base: PaymentWebhookEvent = {
        eventId: event.id,
        type: event.type,
        providerPaymentId: null,
        outcome: null,
      };
      if (event.type === 'payment_intent.succeeded') {
        return { ...base, providerPaymentId: event.data.object.id, outcome: 'succeeded' };
      }
      if (event.type === 'payment_intent.payment_failed') {
        return {
          ...base,
          providerPaymentId: event.data.object.id,
          outcome: 'failed',
          failure: stripeFailure(event.data.object.last_payment_error ?? null),
        };
      }
      return base;
    },
  };
}
