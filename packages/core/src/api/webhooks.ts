import { z } from 'zod';
import { webhookDeliveryStates, webhookEventTypes } from '../webhooks';
import { isoDateTime } from './wire';

/* Answers of the webhook routes (a workspace's endpoints and their delivery log). */

/** An endpoint as lists show it: never its signing secret. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  createdAt: isoDateTime,
});

/** GET /api/v1/workspaces/:workspaceId/webhooks: the workspace's endpoints, newest first. */
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** POST /api/v1/workspaces/:workspaceId/webhooks (201): the one answer that has the secret. */
export const createdWebhookSchema = webhookEndpointSchema.extend({
  /** `whsec_` + base64 of 24 random bytes: the HMAC key, base64-decoded after the prefix. */
  secret: z.string(),
});

/** One delivery of one event to one endpoint. */
export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every retry, for the receiver to deduplicate by. */
  id: z.string(),
  eventType: z.string(),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null before one or when no answer came. */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});

/** GET …/webhooks/:webhookId/deliveries?page=N: one page of the log, newest first. */
export const webhookDeliveryPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(webhookDeliverySchema),
});

/** POST …/webhooks/:webhookId/test (202): the queued test delivery. */
export const queuedWebhookTestSchema = z.object({ deliveryId: z.string() });
