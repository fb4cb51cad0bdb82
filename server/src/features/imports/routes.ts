import { importDetailSchema, importTemplateResultSchema } from '@pactum/core/api/imports';
import { createImportSchema, updateImportSchema } from '@pactum/core/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { createImport, createTemplateFromImport, getImport, updateImport } from './service';

const importParams = z.object({ importId: z.uuid() });
const tags = ['imports'];

/** Word import: the import record, the wizard's picks and the template made from them. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  const userId = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user.id;

  app.post(
    '/api/v1/imports',
    {
      schema: {
        tags,
        summary: 'Import a completed .docx upload',
        body: createImportSchema,
        response: { 201: importDetailSchema },
      },
    },
    async (request, reply) => {
      const created = await createImport(platform, {
        userId: await userId(request),
        uploadId: request.body.uploadId,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/v1/imports/:importId',
    {
      schema: {
        tags,
        summary: 'An import and its converted blocks',
        params: importParams,
        response: { 200: importDetailSchema },
      },
    },
    async (request) => getImport(platform, { userId: await userId(request), ...request.params }),
  );

  app.patch(
    '/api/v1/imports/:importId',
    {
      schema: {
        tags,
        summary: 'Save the title, abstract, markers and metadata picked in the wizard',
        params: importParams,
        body: updateImportSchema,
        response: { 200: importDetailSchema },
      },
    },
    async (request) =>
      updateImport(platform, {
        userId: await userId(request),
        importId: request.params.importId,
        input: request.body,
      }),
  );

  app.post(
    '/api/v1/imports/:importId/template',
    {
      schema: {
        tags,
        summary: 'Create the template from the import (201 new, 200 made before)',
        params: importParams,
        response: { 200: importTemplateResultSchema, 201: importTemplateResultSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const { templateId, isNew } = await createTemplateFromImport(platform, {
        caller: user,
        ...request.params,
      });
      return reply.status(isNew ? 201 : 200).send({ templateId });
    },
  );
};
