import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The archive: folders, files, uploads into folders, the viewer's PDF, tags. */
export const archiveRoutes: FastifyPluginAsyncZod = async (_app) => {};
