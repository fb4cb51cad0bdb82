import { noContent } from '@pactum/core/api/wire';
import { inviteMemberSchema } from '@pactum/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller, tags, workspaceParams } from '../route-kit';
import { inviteMember } from './invite-member';
import { removeMember } from './remove-member';

/** Members: inviting one by e-mail, removing one. */
export const workspaceMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.post(
    '/api/v1/workspaces/:workspaceId/invites',
    {
      schema: {
        tags,
        summary: 'Invite a member by e-mail (administrators)',
        params: workspaceParams,
        body: inviteMemberSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      await inviteMember(platform, { user, ...request.params, ...request.body, lang: user.lang });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/members/:memberId',
    {
      schema: {
        tags,
        summary: 'Remove a member (administrators)',
        params: workspaceParams.extend({ memberId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeMember(platform, { userId: (await caller(request)).id, ...request.params });
      return reply.status(204).send(null);
    },
  );
};
