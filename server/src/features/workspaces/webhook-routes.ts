import { paymentWebhookAnswerSchema } from '@pactum/core/api/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { applyPaymentWebhook } from './payments/apply-payment-webhook';

/**
 * The card processor's webhook. Its signature is checked over the raw body before anything
 * is read; each event is applied once.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const processor = app.platform.payments;
  if (!processor?.readWebhook) return;
  const readWebhook = processor.readWebhook.bind(processor);
  // The signature covers the exact bytes, so this route keeps the body raw.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    `/api/v1/payments/webhooks/${processor.kind}`,
    { schema: { hide: true, response: { 200: paymentWebhookAnswerSchema } } },
    async (request) => {
      let event: ReturnType<typeof readWebhook>;
      try {
        const signature = request.headers['stripe-signature'];
        event = readWebhook(
          request.body as Buffer,
          Array.isArray(signature) ? signature[0] : signature,
        );
      } catch {
        throw new AppError('webhook_signature_invalid');
      }
      const result = await applyPaymentWebhook(app.platform, event);
      return { received: true as const, duplicate: result.isDuplicate };
    },
  );
};
