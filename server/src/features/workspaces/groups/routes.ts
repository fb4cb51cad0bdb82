import { noContent } from '@pactum/core/api/wire';
import { createdGroupSchema } from '@pactum/core/api/workspaces';
import { groupSchema } from '@pactum/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller, tags, workspaceParams } from '../route-kit';
import { createGroup } from './create-group';
import { deleteGroup } from './delete-group';
import { updateGroup } from './update-group';

/** Groups of members: creating, changing and removing one. */
export const workspaceGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.post(
    '/api/v1/workspaces/:workspaceId/groups',
    {
      schema: {
        tags,
        summary: 'Create a group (administrators)',
        params: workspaceParams,
        body: groupSchema,
        response: { 201: createdGroupSchema },
      },
    },
    async (request, reply) => {
      const group = await createGroup(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        ...request.body,
      });
      return reply.status(201).send(group);
    },
  );

  app.put(
    '/api/v1/workspaces/:workspaceId/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Change a group (administrators)',
        params: workspaceParams.extend({ groupId: z.uuid() }),
        body: groupSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await updateGroup(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        ...request.body,
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Remove a group (administrators)',
        params: workspaceParams.extend({ groupId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteGroup(platform, { userId: (await caller(request)).id, ...request.params });
      return reply.status(204).send(null);
    },
  );
};
