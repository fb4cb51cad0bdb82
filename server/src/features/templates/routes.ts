import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerTemplateDetailRoutes } from './detail-routes';
import { registerLibraryRoutes } from './library-routes';
import { registerPublishingRoutes } from './publishing-routes';
import { canWatchTemplate } from './service';

/** The template library, templates, publishing and coupons. Sections: ../sections. */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  platform.realtime.authorize('template', async (userId, templateId) => {
    if (!z.uuid().safeParse(templateId).success) return false;
    return canWatchTemplate(platform, userId, templateId);
  });

  registerLibraryRoutes(app);
  registerTemplateDetailRoutes(app);
  registerPublishingRoutes(app);
};
