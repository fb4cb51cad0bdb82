import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The admin area's events routes (issue 17). */
export const adminEventsRoutes: FastifyPluginAsyncZod = async (_app) => {};
