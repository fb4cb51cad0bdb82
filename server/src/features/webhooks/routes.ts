import {
  createdWebhookSchema,
  queuedWebhookTestSchema,
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
} from '@pactum/core/api/webhooks';
import { noContent } from '@pactum/core/api/wire';
import { createWebhookSchema } from '@pactum/core/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { resumeWebhookLines } from './delivery';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  sendTestWebhook,
} from './service';

const tags = ['webhooks'];
const workspaceParams = z.object({ workspaceId: z.uuid() });
const webhookParams = workspaceParams.extend({ webhookId: z.uuid() });

/** A workspace's signed webhooks: endpoints, test events and the delivery log (administrators). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  if (platform.config.runWorkers) {
    app.addHook('onReady', async () => {
      try {
        await resumeWebhookLines(platform);
      } catch (error) {
        app.log.error({ err: error }, 'could not resume webhook deliveries');
      }
    });
  }
  const userId = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user.id;

  app.get(
    '/api/v1/workspaces/:workspaceId/webhooks',
    {
      schema: {
        tags,
        summary: 'The workspace’s webhook endpoints (administrators; never their secrets)',
        params: workspaceParams,
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => listWebhooks(platform, { userId: await userId(request), ...request.params }),
  );

  app.post(
    '/api/v1/workspaces/:workspaceId/webhooks',
    {
      schema: {
        tags,
        summary: 'Register an endpoint; the answer holds its signing secret, shown this once',
        params: workspaceParams,
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(platform, {
        userId: await userId(request),
        ...request.params,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: 'Delete an endpoint (its pending deliveries stop)',
        params: webhookParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteWebhook(platform, { userId: await userId(request), ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/workspaces/:workspaceId/webhooks/:webhookId/test',
    {
      schema: {
        tags,
        summary: 'Queue a webhook.test event to the endpoint',
        params: webhookParams,
        response: { 202: queuedWebhookTestSchema },
      },
    },
    async (request, reply) => {
      const queued = await sendTestWebhook(platform, {
        userId: await userId(request),
        ...request.params,
      });
      return reply.status(202).send(queued);
    },
  );

  app.get(
    '/api/v1/workspaces/:workspaceId/webhooks/:webhookId/deliveries',
    {
      schema: {
        tags,
        summary: 'The endpoint’s delivery log, newest first, 20 a page',
        params: webhookParams,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (request) =>
      listWebhookDeliveries(platform, {
        userId: await userId(request),
        ...request.params,
        page: request.query.page,
      }),
  );
};
