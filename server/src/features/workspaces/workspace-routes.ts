import { noContent } from '@pactum/core/api/wire';
import {
  createdWorkspaceSchema,
  workspaceListSchema,
  workspaceSchema,
  workspaceSecuritySchema,
} from '@pactum/core/api/workspaces';
import { createWorkspaceSchema } from '@pactum/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createWorkspace } from './create-workspace';
import { getWorkspace } from './get-workspace';
import { listWorkspaces } from './list-workspaces';
import { caller, tags, workspaceParams } from './route-kit';
import { setWorkspaceTwoFactor } from './set-workspace-two-factor';

/** The workspaces themselves: the user's list, ordering one, one workspace, its sign-in rule. */
export const workspaceBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/workspaces',
    {
      schema: {
        tags,
        summary: 'The user’s workspaces',
        response: { 200: workspaceListSchema },
      },
    },
    async (request) => listWorkspaces(platform, { userId: (await caller(request)).id }),
  );

  app.post(
    '/api/v1/workspaces',
    {
      schema: {
        tags,
        summary: 'Order a workspace (card: charged now; invoice: reviewed)',
        body: createWorkspaceSchema,
        response: { 201: createdWorkspaceSchema },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      const result = await createWorkspace(platform, { user, input: request.body });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/v1/workspaces/:workspaceId',
    {
      schema: {
        tags,
        summary: 'One workspace',
        params: workspaceParams,
        response: { 200: workspaceSchema },
      },
    },
    async (request) =>
      getWorkspace(platform, { userId: (await caller(request)).id, ...request.params }),
  );

  app.put(
    '/api/v1/workspaces/:workspaceId/security',
    {
      schema: {
        tags,
        summary: 'Whether members must sign in with a second factor (administrators)',
        params: workspaceParams,
        body: workspaceSecuritySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await setWorkspaceTwoFactor(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        ...request.body,
      });
      return reply.status(204).send(null);
    },
  );
};
