import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerFolderRoutes } from './folder-routes';
import { registerItemRoutes } from './item-routes';

/** The archive: folders, files, uploads into folders, the viewer's PDF, tags. */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFolderRoutes(app);
  registerItemRoutes(app);
};
