import Stripe from 'stripe';
import type { PaymentProvider, PaymentWebhookEvent } from './payments';

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

function outcomeOf(intent: Stripe.PaymentIntent): 'requires_action' | 'succeeded' | 'failed' {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'requires_action' || intent.status === 'processing')
    return 'requires_action';
  return 'failed';
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
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            payment_method: request.paymentMethodId,
            confirm: true,
            description: request.description,
            return_url: request.returnUrl,
            metadata: { paymentId: request.paymentId },
            expand: ['payment_method'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const card = summary(intent.payment_method);
        const status = outcomeOf(intent);
        if (status === 'failed') {
          return {
            status: 'failed',
            providerPaymentId: intent.id,
            message: intent.last_payment_error?.message ?? 'The payment did not go through.',
          };
        }
        if (status === 'requires_action') {
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
      const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
      const status = outcomeOf(intent);
      return status === 'failed'
        ? {
            status,
            message: intent.last_payment_error?.message ?? 'The payment did not go through.',
          }
        : { status };
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
          message:
            event.data.object.last_payment_error?.message ?? 'The payment did not go through.',
        };
      }
      return base;
    },
  };
}
