import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The admin area's documents routes (issue 17). */
export const adminDocumentsRoutes: FastifyPluginAsyncZod = async (_app) => {};
