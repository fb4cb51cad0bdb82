import { supportContactSchema } from '@pactum/core/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** How long browsers and proxies may keep the answer: it changes only with a restart. */
const SUPPORT_MAX_AGE_SECONDS = 300;

/** How users reach Pactum's support (issue 17): `GET /api/v1/support`, public. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/support',
    {
      schema: {
        tags: ['support'],
        summary:
          "Support's e-mail, help address and chat widget script as the operator configured them (null where not set); no sign-in needed",
        response: { 200: supportContactSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${SUPPORT_MAX_AGE_SECONDS}`);
      return app.platform.config.support;
    },
  );
};
