import { templateDetailSchema } from '@pactum/core/api/templates';
import { noContent } from '@pactum/core/api/wire';
import { duplicateTemplateSchema, updateTemplateSchema } from '@pactum/core/templates';
import { requireSession } from '../../http/session';
import { params, type TemplateApp, tags } from './route-kit';
import { deleteTemplate, duplicateTemplate, getTemplate, updateTemplate } from './service';

/** One template: read, change, delete, duplicate. */
export function registerTemplateDetailRoutes(app: TemplateApp): void {
  const platform = app.platform;

  app.get(
    '/api/v1/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'One template with its sections',
        params,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return getTemplate(platform, { caller: user, ...request.params });
    },
  );

  app.patch(
    '/api/v1/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'Change a template’s details, coupon code or price (editors; price: admins)',
        params,
        body: updateTemplateSchema,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return updateTemplate(platform, { caller: user, ...request.params, input: request.body });
    },
  );

  app.delete(
    '/api/v1/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'Delete a template (editors)',
        params,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await deleteTemplate(platform, { caller: user, ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/templates/:templateId/duplicate',
    {
      schema: {
        tags,
        summary: 'A personal copy of a template with its sections',
        params,
        body: duplicateTemplateSchema.optional(),
        response: { 201: templateDetailSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const copy = await duplicateTemplate(platform, {
        caller: user,
        ...request.params,
        title: request.body?.title,
      });
      return reply.status(201).send(copy);
    },
  );
}
