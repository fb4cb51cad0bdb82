import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error';
import { applyPaymentWebhook } from './payments';

/**
 * The card processor's webhook. Its signature is checked over the raw body before anything
 * is read; each event is applied once.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
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
    { schema: { hide: true } },
    async (request) => {
      let event: ReturnType<typeof readWebhook>;
      try {
        const signature = request.headers['stripe-signature'];
        event = readWebhook(
          request.body as Buffer,
          Array.isArray(signature) ? signature[0] : signature,
        );
      } catch {
        throw new AppError('validation_failed', 'Webhook signature verification failed.');
      }
      const result = await applyPaymentWebhook(app.platform, event);
      return { received: true, duplicate: result.isDuplicate };
    },
  );
};
