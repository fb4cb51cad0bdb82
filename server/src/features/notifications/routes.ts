import { notificationListSchema, notificationPushSchema } from '@pactum/core/api/notifications';
import { notificationIdsSchema } from '@pactum/core/notifications';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { scheduleDigests } from './digest';
import {
  clearNotifications,
  listNotifications,
  markNotificationsSeen,
  pushNotifications,
} from './service';
import { unsubscribeDigests } from './unsubscribe';

const tags = ['notifications'];

/** The signed-in user's notifications menu, their toasts, and unsubscribing from the digests. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  app.addHook('onReady', async () => {
    try {
      await scheduleDigests(platform);
    } catch (error) {
      app.log.error({ err: error }, 'could not schedule the e-mail digests');
    }
  });

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

  app.post(
    '/api/v1/notifications/push',
    {
      schema: {
        tags,
        summary: 'The caller’s notifications to show as toasts, each once (marked pushed)',
        body: z.strictObject({}).nullish(),
        response: { 200: notificationPushSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return pushNotifications(platform, { userId: user.id });
    },
  );

  // The unsubscribe link of the digests, posted without a session: by the web app's
  // /unsubscribe page (JSON or nothing) and by mail providers' one-click (RFC 8058: a form body
  // `List-Unsubscribe=One-Click`), whose form parser only this scope has.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      '/api/v1/notifications/unsubscribe',
      {
        schema: {
          tags,
          summary: 'Turn the e-mail digests off with the token of a digest’s unsubscribe link',
          querystring: z.object({ token: z.string().min(1).max(200) }),
          body: z.looseObject({}).nullish(),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) =>
        unsubscribeDigests(platform, { token: request.query.token, ip: request.ip }),
    );
  });
};
