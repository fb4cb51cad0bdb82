import type { createWebhookSchema } from '@pactum/core/webhooks';
import { WEBHOOK_DELIVERIES_PAGE_SIZE } from '@pactum/core/webhooks';
import type { z } from 'zod';
import { requireAdministrator } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { queueTestDelivery } from './events';
import {
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  pageDeliveries,
  softDeleteEndpoint,
  type WebhookEndpointRow,
} from './queries';
import { newWebhookSecret } from './signature';
import { isPrivateHost, parseWebhookUrl } from './url-check';

/*
 * A workspace's webhook endpoints (issue 18), for its administrators only: other members get
 * 403, everyone else 404 (as if the workspace did not exist). The signing secret is answered
 * once, when the endpoint is made; lists never carry it.
 */

type Caller = { userId: string; workspaceId: string };

function toEndpoint(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as z.output<typeof createWebhookSchema>['events'],
    createdAt: row.createdAt,
  };
}

export async function listWebhooks(platform: Platform, options: Caller) {
  const { db } = platform.database;
  await requireAdministrator(db, options);
  return (await listEndpoints(db, options.workspaceId)).map(toEndpoint);
}

/**
 * Registers an endpoint: an http(s) URL without credentials, https and a public address in
 * production (the host resolved now, and again at every delivery).
 */
export async function createWebhook(
  platform: Platform,
  options: Caller & { input: z.output<typeof createWebhookSchema> },
) {
  const { db } = platform.database;
  await requireAdministrator(db, options);
  const isProduction = platform.config.env === 'production';
  const parsed = parseWebhookUrl(options.input.url, { isProduction });
  if ('problem' in parsed) throw new AppError(parsed.problem);
  if (isProduction && (await isPrivateHost(parsed.url))) {
    throw new AppError('webhook_url_private');
  }
  const row = await insertEndpoint(db, {
    workspaceId: options.workspaceId,
    url: parsed.url.toString(),
    description: options.input.description,
    events: options.input.events,
    secret: newWebhookSecret(),
    createdBy: options.userId,
  });
  return { ...toEndpoint(row), secret: row.secret };
}

/** Deletes an endpoint (kept for its log); its pending deliveries stop at their next run. */
export async function deleteWebhook(platform: Platform, options: Caller & { webhookId: string }) {
  const { db } = platform.database;
  await requireAdministrator(db, options);
  if (!(await softDeleteEndpoint(db, options))) throw new AppError('webhook_not_found');
}

/** Queues a `webhook.test` delivery to the endpoint. */
export async function sendTestWebhook(
  platform: Platform,
  options: Caller & { webhookId: string },
): Promise<{ deliveryId: string }> {
  const { db } = platform.database;
  await requireAdministrator(db, options);
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, options);
    if (!endpoint) throw new AppError('webhook_not_found');
    return { deliveryId: await queueTestDelivery(platform, tx, endpoint.id) };
  });
}

/** One page of an endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(
  platform: Platform,
  options: Caller & { webhookId: string; page: number },
) {
  const { db } = platform.database;
  await requireAdministrator(db, options);
  const endpoint = await findEndpoint(db, options);
  if (!endpoint) throw new AppError('webhook_not_found');
  const { total, rows } = await pageDeliveries(db, {
    endpointId: endpoint.id,
    page: options.page,
    pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
  });
  return {
    total,
    page: options.page,
    pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
    items: rows.map((row) => ({
      id: row.id,
      eventType: row.eventType,
      state: row.state,
      attempts: row.attempts,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      lastAttemptAt: row.lastAttemptAt,
      deliveredAt: row.deliveredAt,
      createdAt: row.createdAt,
    })),
  };
}
