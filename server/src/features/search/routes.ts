import { searchQuerySchema, searchResultSchema } from '@pactum/core/api/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/session';
import { search } from './service';

/**
 * The search drawer's one route (spec 3 §2.6, §5; issue 16). Every signed-in user may search
 * (everyone holds a 'search key' in Pactum's design); what they find is what they may open.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Finds deals, sections, signers, archive files and PDF text the caller may open, best first',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return search(platform, { user, query: request.query });
    },
  );
};
