import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';

const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  lang: z.string(),
  isAdmin: z.boolean(),
});

/** The signed-in user's own record. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/me',
    { schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meSchema } } },
    async (request) => (await requireSession(request)).user,
  );
};
