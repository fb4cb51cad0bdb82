import { meSchema, updateMeSchema } from '@pactum/core/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { updateMe } from './service';

/** The signed-in user's own record. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/me',
    { schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meSchema } } },
    async (request) => (await requireSession(request)).user,
  );

  app.patch(
    '/api/v1/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the signed-in user’s settings',
        body: updateMeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      await updateMe(app.platform, { userId: session.user.id, changes: request.body });
      return reply.status(204).send(null);
    },
  );
};
