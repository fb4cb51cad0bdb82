import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Inbox: signed deals filed for each party, the filings on their way, page text. */
export const archiveInboxRoutes: FastifyPluginAsyncZod = async (_app) => {};
