import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSession } from '../../http/session';
import { resolveInvite } from './service';

const resolutionSchema = z.union([
  z.object({ outcome: z.literal('open'), path: z.string() }),
  z.object({ outcome: z.enum(['login', 'register']), email: z.string().nullable() }),
]);

/** Invite and signing links: where the person who opened one goes next. */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/invites/:kind/:linkId',
    {
      schema: {
        tags: ['invites'],
        summary: 'Resolve an invite (kind invite) or signing link (kind sign)',
        params: z.object({
          kind: z.enum(['invite', 'sign']),
          linkId: z.string().min(1).max(100),
        }),
        response: { 200: resolutionSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const session = await getSession(request);
      return resolveInvite(app.platform, {
        kind: request.params.kind,
        linkId: request.params.linkId,
        userId: session?.user.id,
      });
    },
  );
};
