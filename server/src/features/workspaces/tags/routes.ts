import { noContent } from '@pactum/core/api/wire';
import { createdTagSchema } from '@pactum/core/api/workspaces';
import { tagSchema } from '@pactum/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller, tags, workspaceParams } from '../route-kit';
import { addTag } from './add-tag';
import { removeTag } from './remove-tag';

/** The workspace's tags: adding one, removing one. */
export const workspaceTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.post(
    '/api/v1/workspaces/:workspaceId/tags',
    {
      schema: {
        tags,
        summary: 'Add a tag (empty names are ignored)',
        params: workspaceParams,
        body: tagSchema,
        // 204 when the name was empty: nothing was added.
        response: { 201: createdTagSchema, 204: noContent },
      },
    },
    async (request, reply) => {
      const tag = await addTag(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        tag: request.body.tag,
      });
      return tag ? reply.status(201).send(tag) : reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/tags/:tagId',
    {
      schema: {
        tags,
        summary: 'Remove a tag',
        params: workspaceParams.extend({ tagId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeTag(platform, { userId: (await caller(request)).id, ...request.params });
      return reply.status(204).send(null);
    },
  );
};
