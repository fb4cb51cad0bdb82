import { defaultContractUid } from '@pactum/core/deals';
import type { DealDecline } from '@pactum/core/signing';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDeal,
  type WebhookDeliveryType,
  type WebhookEventData,
  type WebhookEventType,
} from '@pactum/core/webhooks';
import type { DbOrTx } from '../../db/client';
import type { Platform } from '../../platform/platform';
import { webhookDeliveryJob } from './delivery';
import {
  endpointsWithPending,
  findDealForEvent,
  insertDeliveries,
  subscribedDealEndpoints,
  subscribedEndpoints,
  takeSequences,
} from './queries';
import { newWebhookMessageId } from './signature';

/*
 * Emitting events: in the transaction of the change that caused it, one `webhook_delivery` row
 * per subscribed endpoint (its id the `webhook-id`, its body fixed now) and one delivery job
 * each. Nothing is sent here, so a slow or dead endpoint never delays the request: the event
 * and its deliveries exist exactly when the change commits, and a rolled-back change has none.
 *
 * A deal's events to one endpoint are a line (issue 36): each carries the next `sequence` of
 * that endpoint and deal (1, 2, 3 …) in its signed body, and only the first pending one has a
 * job. A delivery queued behind a pending one gets its job when that one is delivered or given
 * up (`delivery.ts`), so the endpoint receives the deal's events in order despite retries.
 */

/** Stores the deliveries of one event to these endpoints and enqueues the jobs due now. */
async function queueDeliveries<T extends WebhookDeliveryType>(
  platform: Platform,
  tx: DbOrTx,
  options: { endpointIds: string[]; type: T; data: WebhookEventData<T>; dealId?: string },
): Promise<string[]> {
  const { endpointIds, type, data, dealId } = options;
  if (endpointIds.length === 0) return [];
  const timestamp = new Date().toISOString();
  const sequences = dealId ? await takeSequences(tx, { dealId, endpointIds }) : new Map();
  const rows = endpointIds.map((endpointId) => {
    const sequence: number | null = sequences.get(endpointId) ?? null;
    return {
      id: newWebhookMessageId(),
      endpointId,
      dealId: dealId ?? null,
      sequence,
      eventType: type,
      payload: JSON.stringify({
        type,
        timestamp,
        ...(sequence === null ? {} : { sequence }),
        data,
      }),
    };
  });
  await insertDeliveries(tx, rows);
  // Read after `takeSequences` locked the lines: a delivery finishing meanwhile either saw
  // these rows (and hands over to them) or committed before this read (and is not pending).
  const waiting = dealId
    ? await endpointsWithPending(tx, {
        dealId,
        endpointIds,
        exceptIds: rows.map((row) => row.id),
      })
    : new Set<string>();
  const job = webhookDeliveryJob(platform);
  for (const row of rows) {
    if (!waiting.has(row.endpointId)) {
      await platform.jobs.enqueue(tx, job, { deliveryId: row.id });
    }
  }
  return rows.map((row) => row.id);
}

/**
 * Queues an event for every live endpoint of these workspaces that subscribes to its type.
 * Returns the delivery ids (none when no endpoint listens).
 */
export async function queueWebhookEvent<T extends WebhookEventType>(
  platform: Platform,
  tx: DbOrTx,
  options: { workspaceIds: string[]; type: T; data: WebhookEventData<T> },
): Promise<string[]> {
  const endpoints = await subscribedEndpoints(tx, options);
  return queueDeliveries(platform, tx, { ...options, endpointIds: endpoints.map((e) => e.id) });
}

/** A deal event and what it adds to the deal's data. */
export type DealWebhookEvent = { dealId: string } & (
  | { type: 'deal.created' | 'signing.started' | 'deal.trashed' }
  | { type: 'section.agreed'; section: { id: string; title: string } }
  | { type: 'document.signed'; sha256: string }
  | { type: 'deal.declined'; declined: DealDecline }
);

/**
 * Queues a deal's event for the endpoints of the workspaces that are a party to it (the
 * sender's and the receiver's); the deal is read in the caller's transaction, so the event
 * tells the state the change left. One query when no endpoint listens.
 */
export async function queueDealWebhook(
  platform: Platform,
  tx: DbOrTx,
  event: DealWebhookEvent,
): Promise<string[]> {
  const endpoints = await subscribedDealEndpoints(tx, event);
  if (endpoints.length === 0) return [];
  const deal = await findDealForEvent(tx, event.dealId);
  if (!deal) return [];
  const base: WebhookDeal = {
    dealId: deal.id,
    title: deal.title,
    contractId:
      deal.contractUid ||
      defaultContractUid({
        senderName: deal.parties.sender.name,
        receiverName: deal.parties.receiver.name,
        dealId: deal.id,
      }),
    state: deal.state,
    parties: { sender: deal.parties.sender.name, receiver: deal.parties.receiver.name },
  };
  const endpointIds = endpoints.map((endpoint) => endpoint.id);
  const dealId = deal.id;
  switch (event.type) {
    case 'section.agreed':
      return queueDeliveries(platform, tx, {
        endpointIds,
        dealId,
        type: event.type,
        data: { ...base, section: event.section },
      });
    case 'document.signed':
      return queueDeliveries(platform, tx, {
        endpointIds,
        dealId,
        type: event.type,
        data: {
          ...base,
          sha256: event.sha256,
          downloadUrl: `${platform.config.publicUrl}/api/v1/deals/${deal.id}/signed-pdf`,
        },
      });
    case 'deal.declined':
      return queueDeliveries(platform, tx, {
        endpointIds,
        dealId,
        type: event.type,
        data: { ...base, declined: event.declined },
      });
    default:
      return queueDeliveries(platform, tx, { endpointIds, dealId, type: event.type, data: base });
  }
}

/** The 'Send test event' delivery to one endpoint, whatever it subscribes to. */
export async function queueTestDelivery(
  platform: Platform,
  tx: DbOrTx,
  endpointId: string,
): Promise<string> {
  const [id] = await queueDeliveries(platform, tx, {
    endpointIds: [endpointId],
    type: WEBHOOK_TEST_EVENT,
    data: { endpointId, message: 'A test event from Pactum.' },
  });
  if (!id) throw new Error('test delivery not queued');
  return id;
}
