import { adminEventPageSchema, adminEventQuerySchema } from '@pactum/core/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAdminEvents } from './events-service';
import { requireProductAdmin } from './guard';

/** The admin area's event log (issue 17): sign-ins, document events and admin actions. */
export const adminEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/admin/events',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The event log, newest first: auth events, document events and admin actions, filtered by kind, type, user, document and time',
        querystring: adminEventQuerySchema,
        response: { 200: adminEventPageSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return listAdminEvents(platform, request.query);
    },
  );
};
