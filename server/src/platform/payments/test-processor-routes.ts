import { testBankPage, testBankReturn } from '@pactum/core/api/payments';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testProcessorCharges } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { escapeHtml } from '../mail/templates';

/**
 * The test processor's 3-D Secure page: what a bank's page is to a real card. It shows the
 * amount and lets the customer approve or fail, then sends them back to Pactum.
 */
export const testProcessorRoutes: FastifyPluginAsyncZod = async (app) => {
  // The 3-D page's buttons post empty forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const params = z.object({ id: z.string().regex(/^tch_[0-9a-f]{24}$/) });
  const find = async (id: string) => {
    const [charge] = await app.platform.database.db
      .select()
      .from(testProcessorCharges)
      .where(eq(testProcessorCharges.id, id));
    if (!charge) throw new AppError('not_found');
    return charge;
  };

  app.get(
    '/api/v1/test-processor/3ds/:id',
    { schema: { hide: true, params, response: { 200: testBankPage } } },
    async (request, reply) => {
      const charge = await find(request.params.id);
      const amount = `${(charge.amount / 100).toFixed(2)} ${charge.currency}`;
      const action = `/api/v1/test-processor/3ds/${charge.id}`;
      const isOpen = charge.status === 'requires_action';
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>3-D Secure - Pactum test bank</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;display:flex;justify-content:center;padding:3rem 1rem}
main{background:#fff;border-radius:12px;padding:2rem;max-width:420px;box-shadow:0 2px 12px #0001}
h1{font-size:1.3rem}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;margin-right:.5rem;cursor:pointer}
.ok{background:#1b5e20;color:#fff}.no{background:#eee}</style></head>
<body><main><h1>Pactum test bank: 3-D Secure</h1>
<p>Confirm the payment of <strong>${escapeHtml(amount)}</strong> with the card ending in ${escapeHtml(charge.cardLast4)}.</p>
${
  isOpen
    ? `<form method="post" action="${action}/complete" style="display:inline"><button class="ok" type="submit">Complete authentication</button></form>
<form method="post" action="${action}/fail" style="display:inline"><button class="no" type="submit">Fail authentication</button></form>`
    : `<p>This authentication is already ${charge.status === 'succeeded' ? 'complete' : 'failed'}.</p>`
}
</main></body></html>`);
    },
  );

  for (const outcome of ['complete', 'fail'] as const) {
    app.post(
      `/api/v1/test-processor/3ds/:id/${outcome}`,
      { schema: { hide: true, params, response: { 303: testBankReturn } } },
      async (request, reply) => {
        const charge = await find(request.params.id);
        await app.platform.database.db
          .update(testProcessorCharges)
          .set({ status: outcome === 'complete' ? 'succeeded' : 'failed' })
          .where(
            and(
              eq(testProcessorCharges.id, charge.id),
              eq(testProcessorCharges.status, 'requires_action'),
            ),
          );
        return reply.redirect(charge.returnUrl ?? '/', 303);
      },
    );
  }
};
