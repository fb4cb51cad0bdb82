import { templateDetailSchema } from '@pactum/core/api/templates';
import { publishTemplateSchema } from '@pactum/core/templates';
import { requireSession } from '../../http/session';
import { params, type TemplateApp, tags } from './route-kit';
import { setTemplatePublished } from './service';

/** Global templates: publish one under a partner, unpublish it (administrators). */
export function registerPublishingRoutes(app: TemplateApp): void {
  const platform = app.platform;

  app.post(
    '/api/v1/templates/:templateId/publish',
    {
      schema: {
        tags,
        summary: 'Publish a template globally under a partner (administrators)',
        params,
        body: publishTemplateSchema,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return setTemplatePublished(platform, {
        caller: user,
        ...request.params,
        partner: request.body.partner,
      });
    },
  );

  app.post(
    '/api/v1/templates/:templateId/unpublish',
    {
      schema: {
        tags,
        summary: 'Unpublish a global template and clear its partner (administrators)',
        params,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return setTemplatePublished(platform, { caller: user, ...request.params, partner: null });
    },
  );
}
