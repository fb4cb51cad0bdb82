import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** How users reach Pactum's support (issue 17): `GET /api/v1/support`, public. */
export const supportRoutes: FastifyPluginAsyncZod = async (_app) => {};
