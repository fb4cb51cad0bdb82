import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The admin area's billing routes (issue 17). */
export const adminBillingRoutes: FastifyPluginAsyncZod = async (_app) => {};
