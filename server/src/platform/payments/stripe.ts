import Stripe from 'stripe';
import type { ChargeStatus, PaymentProvider, PaymentWebhookEvent } from './payments';

const FAILED = 'The payment did not go through.';

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
        ? { status: 'failed', message: intent.last_payment_error.message ?? FAILED }
        : { status: 'not_charged' };
    default:
      return { status: 'failed', message: FAILED };
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
          status: 'failed',
          providerPaymentId: null,
          message: 'Enter the card in the card form.',
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
          return {
            status: 'failed',
            providerPaymentId: intent.id,
            message: outcome.message ?? FAILED,
          };
        }
        if (outcome.status === 'requires_action') {
          const redirectUrl = intent.next_action?.redirect_to_url?.url;
          if (!redirectUrl) {
            return {
              status: 'failed',
              providerPaymentId: intent.id,
              message: 'The card needs an authentication this form cannot show.',
            };
          }
          return { status: 'requires_action', providerPaymentId: intent.id, redirectUrl, card };
        }
        return { status: 'succeeded', providerPaymentId: intent.id, card };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            providerPaymentId: error.payment_intent?.id ?? null,
            message: error.message,
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
        : { status: 'failed', message: outcome.message ?? 'The payment was not completed.' };
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
          message: event.data.object.last_payment_error?.message ?? FAILED,
        };
      }
      return base;
    },
  };
}
