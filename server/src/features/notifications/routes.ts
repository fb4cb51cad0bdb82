import { notificationListSchema } from '@pactum/core/api/notifications';
import { notificationIdsSchema } from '@pactum/core/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/session';
import { clearNotifications, listNotifications, markNotificationsSeen } from './service';

const tags = ['notifications'];

/** The signed-in user's notifications menu. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/notifications',
    {
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, merged',
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return listNotifications(platform.database.db, user.id);
    },
  );

  app.post(
    '/api/v1/notifications/seen',
    {
      schema: {
        tags,
        summary: 'Mark the caller’s notifications seen (all, or the given ids)',
        body: notificationIdsSchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return markNotificationsSeen(platform, { userId: user.id, input: request.body });
    },
  );

  app.post(
    '/api/v1/notifications/clear',
    {
      schema: {
        tags,
        summary: 'Clear the caller’s notifications (all, or the given ids)',
        body: notificationIdsSchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return clearNotifications(platform, { userId: user.id, input: request.body });
    },
  );
};
