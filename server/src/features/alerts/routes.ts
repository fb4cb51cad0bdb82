import { alertInputSchema } from '@pactum/core/alerts';
import { alertListSchema, alertSchema, alertSuggestionsSchema } from '@pactum/core/api/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { scheduleAlertSweep } from './delivery';
import { createAlert, listAlerts, removeAlert, suggestAlertEmails, updateAlert } from './service';

const itemParams = z.object({ itemId: z.uuid() });
const alertParams = z.object({ itemId: z.uuid(), alertId: z.uuid() });
const tags = ['archive'];

/** Document alerts on archived files (spec 1 §3, §5 'Alert'). */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  app.addHook('onReady', async () => {
    try {
      await scheduleAlertSweep(platform);
    } catch (error) {
      app.log.error({ err: error }, 'could not schedule the alert sweep');
    }
  });
  const caller = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user;

  app.get(
    '/api/v1/archive/items/:itemId/alerts',
    {
      schema: {
        tags,
        summary: 'The pending alerts of a file, soonest first, and its alert count',
        params: itemParams,
        response: { 200: alertListSchema },
      },
    },
    async (request) =>
      listAlerts(platform, { userId: (await caller(request)).id, ...request.params }),
  );

  app.post(
    '/api/v1/archive/items/:itemId/alerts',
    {
      schema: {
        tags,
        summary: 'Set an alert on a file: on its date at 08:00 the addresses are reminded',
        params: itemParams,
        body: alertInputSchema,
        response: { 201: alertSchema },
      },
    },
    async (request, reply) => {
      const alert = await createAlert(platform, {
        caller: await caller(request),
        itemId: request.params.itemId,
        input: request.body,
      });
      return reply.status(201).send(alert);
    },
  );

  app.patch(
    '/api/v1/archive/items/:itemId/alerts/:alertId',
    {
      schema: {
        tags,
        summary: 'Change a pending alert (a delivered one is not found)',
        params: alertParams,
        body: alertInputSchema,
        response: { 200: alertSchema },
      },
    },
    async (request) =>
      updateAlert(platform, {
        caller: await caller(request),
        ...request.params,
        input: request.body,
      }),
  );

  app.delete(
    '/api/v1/archive/items/:itemId/alerts/:alertId',
    {
      schema: {
        tags,
        summary: 'Remove a pending alert; the pending alerts left',
        params: alertParams,
        response: { 200: alertListSchema },
      },
    },
    async (request) =>
      removeAlert(platform, { userId: (await caller(request)).id, ...request.params }),
  );

  app.get(
    '/api/v1/archive/items/:itemId/alert-suggestions',
    {
      schema: {
        tags,
        summary: 'The people who may open the file, as addresses to alert (at most 100)',
        params: itemParams,
        response: { 200: alertSuggestionsSchema },
      },
    },
    async (request) =>
      suggestAlertEmails(platform, { userId: (await caller(request)).id, ...request.params }),
  );
};
