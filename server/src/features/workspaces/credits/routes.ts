import { paymentStateSchema } from '@pactum/core/api/payments';
import { transactionPageSchema } from '@pactum/core/api/workspaces';
import { buyCreditsSchema } from '@pactum/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/app-error';
import { confirmPayment } from '../payments/confirm-payment';
import { caller, tags, workspaceParams } from '../route-kit';
import { buyCredits } from './buy-credits';
import { listTransactions } from './list-transactions';

/** Credits: buying them by card, the 3-D Secure return, the ledger. */
export const workspaceCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.post(
    '/api/v1/workspaces/:workspaceId/credits',
    {
      schema: {
        tags,
        summary: 'Buy credits by card (administrators)',
        params: workspaceParams,
        body: buyCreditsSchema,
        // 200 once the credits are granted; 202 while the charge waits (3-D Secure, processor).
        response: { 200: paymentStateSchema, 202: paymentStateSchema },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      const state = await buyCredits(platform, {
        user,
        workspaceId: request.params.workspaceId,
        credits: request.body.credits,
        card: request.body.card,
        paymentMethodId: request.body.paymentMethodId,
        idempotencyKey: request.body.idempotencyKey,
      });
      if (state.status === 'failed') {
        throw new AppError(state.failureCode ?? 'payment_failed');
      }
      return reply.status(state.status === 'succeeded' ? 200 : 202).send(state);
    },
  );

  app.post(
    '/api/v1/payments/:paymentId/confirm',
    {
      schema: {
        tags,
        summary: 'After 3-D Secure: settle the payment and grant its credits once',
        params: z.object({ paymentId: z.uuid() }),
        response: { 200: paymentStateSchema },
      },
    },
    async (request) => {
      const user = await caller(request);
      return confirmPayment(platform, {
        userId: user.id,
        userName: user.name,
        paymentId: request.params.paymentId,
      });
    },
  );

  app.get(
    '/api/v1/workspaces/:workspaceId/transactions',
    {
      schema: {
        tags,
        summary: 'The credit ledger, newest first, 10 a page',
        params: workspaceParams,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: transactionPageSchema },
      },
    },
    async (request) =>
      listTransactions(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        page: request.query.page,
      }),
  );
};
