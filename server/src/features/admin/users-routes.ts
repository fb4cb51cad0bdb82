import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The admin area's users routes (issue 17). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (_app) => {};
