import { inviteKinds, inviteOpenSchema, inviteResolutionSchema } from '@pactum/core/api/invites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSession, requireSession } from '../../http/session';
import { claimInvite, pendingInvitePath, resolveInvite } from './service';

const params = z.object({
  kind: z.enum(inviteKinds),
  linkId: z.string().min(1).max(100),
});

const rateLimit = { max: 60, timeWindow: '1 minute' };

/** Invite and signing links: where the person who opened one goes next, and claiming one. */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/invites/:kind/:linkId',
    {
      schema: {
        tags: ['invites'],
        summary: 'Resolve an invite (kind invite) or signing link (kind sign); claims nothing',
        params,
        response: { 200: inviteResolutionSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const session = await getSession(request);
      return resolveInvite(app.platform, { ...request.params, caller: session?.user });
    },
  );

  app.post(
    '/api/v1/invites/:kind/:linkId/claim',
    {
      schema: {
        tags: ['invites'],
        summary: 'Claim an invite or signing link for the signed-in user, after they confirmed',
        params,
        response: { 200: inviteOpenSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return claimInvite(app.platform, { ...request.params, caller: user });
    },
  );

  app.get(
    '/api/v1/deals/:dealId/my-invite',
    {
      schema: {
        tags: ['invites'],
        summary: 'The invite link waiting for the caller’s verified address on a deal (404: none)',
        params: z.object({ dealId: z.uuid() }),
        response: { 200: inviteOpenSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return pendingInvitePath(app.platform, { dealId: request.params.dealId, caller: user });
    },
  );
};
