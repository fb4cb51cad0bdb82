import {
  feedSchema,
  homeAlertsSchema,
  homeDocumentsSchema,
  toSignListSchema,
} from '@pactum/core/api/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { homeAlerts, homeDocuments, homeFeed, homeToSign } from './service';

const tags = ['dashboard'];

/**
 * The dashboard home's widgets (spec 1 §2 'Dashboard home'), one route each so every widget
 * loads in one round trip. Each answers only what the caller may open now.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/dashboard/documents',
    {
      schema: {
        tags,
        summary:
          'A document widget: the 5 latest deals of a group, drafts, or recent (deals and drafts)',
        // Checked by the service, so an unknown group gets the spec's own refusal.
        querystring: z.object({ group: z.string().max(40) }),
        response: { 200: homeDocumentsSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return homeDocuments(platform, { user, group: request.query.group });
    },
  );

  app.get(
    '/api/v1/dashboard/to-sign',
    {
      schema: {
        tags,
        summary: 'You to sign: the caller’s signer slots not signed yet (at most 20)',
        response: { 200: toSignListSchema },
      },
    },
    async (request) => homeToSign(platform, { user: (await requireSession(request)).user }),
  );

  app.get(
    '/api/v1/dashboard/alerts',
    {
      schema: {
        tags,
        summary: 'Upcoming document alerts the caller is among the recipients of',
        response: { 200: homeAlertsSchema },
      },
    },
    async (request) => homeAlerts(platform, { user: (await requireSession(request)).user }),
  );

  app.get(
    '/api/v1/dashboard/changes',
    {
      schema: {
        tags,
        summary: 'Latest changes by others in the documents and drafts the caller can see',
        response: { 200: feedSchema },
      },
    },
    async (request) => homeFeed(platform, { user: (await requireSession(request)).user }),
  );
};
